import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type AuthUser, FETCH_USER_FAILED, useAuth } from '../../shared/auth/auth-context.tsx';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { errorCode, errorText, fieldErrorKey } from '../../shared/lib/error-text.ts';
import { applyServerFieldErrors } from '../../shared/lib/server-field-errors.ts';
import { useWebsiteSettings } from '../../shared/settings/api.ts';
import { NameFields, NewPasswordFields } from '../../shared/ui/account-fields.tsx';
import { Alert } from '../../shared/ui/alert.tsx';
import { buttonClasses } from '../../shared/ui/button.tsx';
import { CircleCheck, Lock, MailCheck, UserPlus } from '../../shared/ui/icons.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useAccountForm } from '../../shared/ui/use-account-form.ts';
import { registerWithEmail } from './api/register.ts';
import { AuthCard, AuthForm, AuthLink, AuthSuccess, MailSent } from './auth-card.tsx';
import { ERROR_TEXTS } from './auth-error-texts.ts';
import { registerFormSchema, VALIDATION_VALUES } from './auth-schemas.ts';
import { EmailField } from './email-field.tsx';
import { GoogleAlternative } from './google-sign-in-button.tsx';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';
import { useGoogleLogin } from './use-google-login.ts';

const FORM_FIELDS = ['firstName', 'lastName', 'email', 'password'] as const;

type Outcome =
  | { kind: 'form' }
  | { kind: 'closed' }
  | { kind: 'emailSent'; email: string }
  | { kind: 'google'; user: AuthUser };

/**
 * Spec 2 "Register": names, e-mail, password and its confirmation (each can be shown), Google
 * sign-up; then a check-your-e-mail message, or after Google sign-up a success screen once the
 * user is fetched. When the settings close registration, a clear note replaces the form.
 */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const settings = useWebsiteSettings();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'form' });

  if (settings.isPending) {
    return (
      <AuthCard title={t('register.title')}>
        <div className="flex justify-center py-8 text-primary">
          <Spinner size="lg" />
        </div>
      </AuthCard>
    );
  }
  // A failed settings load keeps the form: the server refuses if registration is really closed.
  const enabled = settings.data?.settings.additional.enableRegistration ?? true;
  if (!enabled || outcome.kind === 'closed') return <RegistrationClosed />;
  if (outcome.kind === 'emailSent') return <CheckYourEmail email={outcome.email} />;
  if (outcome.kind === 'google') return <GoogleWelcome user={outcome.user} />;
  return (
    <RegisterForm googleClientId={settings.data?.settings.additional.googleClientId ?? null} onOutcome={setOutcome} />
  );
}

function RegisterForm({
  googleClientId,
  onOutcome,
}: {
  googleClientId: string | null;
  onOutcome: (outcome: Outcome) => void;
}) {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useAccountForm(
    registerFormSchema,
    { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
    { t, values: VALIDATION_VALUES },
  );
  const { errors, isSubmitting } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });

  const onSubmit = form.handleSubmit(async ({ firstName, lastName, email, password }) => {
    setBanner(null);
    try {
      await registerWithEmail({ firstName, lastName, email, password });
      onOutcome({ kind: 'emailSent', email });
    } catch (error) {
      if (errorCode(error) === 'registrationDisabled') {
        onOutcome({ kind: 'closed' });
        return;
      }
      const message = fieldErrorKey(ERROR_TEXTS.authFields);
      if (!applyServerFieldErrors(error, form.setError, FORM_FIELDS, { message, focus: true })) {
        setBanner(errorText(error, t, ERROR_TEXTS.auth, 'register.failed'));
      }
    }
  });

  const google = useGoogleLogin({
    setBanner,
    onTokens: async (tokens) => {
      const user = await auth.storeSession(tokens, { remember: true });
      onOutcome({ kind: 'google', user });
    },
    // The session was stored but the user could not be fetched; or registration closed meanwhile (403).
    handled: (error) => {
      if (error instanceof Error && error.message === FETCH_USER_FAILED) setBanner(t('errors.fetchUserFailed'));
      else if (errorCode(error) === 'registrationDisabled') onOutcome({ kind: 'closed' });
      else return false;
      return true;
    },
  });

  return (
    <AuthCard
      icon={<UserPlus className="size-7" />}
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <>
          <AuthLink prompt={t('register.haveAccount')} to="/login">
            {t('register.login')}
          </AuthLink>
          <span className="mt-2 block">
            <AuthLink prompt={t('register.wantToTeach')} to="/teach">
              {t('register.teach')}
            </AuthLink>
          </span>
        </>
      }
    >
      {banner ? <Alert>{banner}</Alert> : null}
      <AuthForm
        label={t('register.title')}
        onSubmit={onSubmit}
        submitting={isSubmitting}
        disabled={google.busy}
        text={t('register.submit')}
        busyText={t('register.submitting')}
      >
        <NameFields
          firstName={form.field('firstName', t('fields.firstName'))}
          lastName={form.field('lastName', t('fields.lastName'))}
          maxLength={VALIDATION_VALUES.nameMax}
        />
        <EmailField registration={form.register('email')} error={form.message(errors.email?.message)} />
        <NewPasswordFields
          password={form.field('password', t('fields.password'))}
          confirmPassword={form.field('confirmPassword', t('fields.confirmPassword'))}
          rules={t('register.passwordHint', VALIDATION_VALUES)}
          between={password ? <PasswordStrengthMeter password={password} form="register" /> : null}
        />
      </AuthForm>
      <GoogleAlternative
        clientId={googleClientId}
        mode="signup"
        busy={google.busy}
        onCredential={google.onCredential}
      />
    </AuthCard>
  );
}

function RegistrationClosed() {
  const { t } = useTranslation('auth');
  const lang = useCurrentLanguage();
  return (
    <AuthCard icon={<Lock className="size-7" />} title={t('register.closedTitle')} subtitle={t('register.closedBody')}>
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Link to={localePath(lang, '/login')} className={buttonClasses({ variant: 'primary' })}>
          {t('common.goToLogin')}
        </Link>
        <Link to={localePath(lang)} className={buttonClasses({ variant: 'outline' })}>
          {t('common.goHome')}
        </Link>
      </div>
    </AuthCard>
  );
}

function CheckYourEmail({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  return (
    <AuthSuccess icon={<MailCheck className="size-7" />} title={t('register.checkEmailTitle')}>
      <MailSent body={t('register.checkEmailBody')} email={email} hint={t('register.checkEmailHint')} />
    </AuthSuccess>
  );
}

/** After a Google sign-up: the account is ready; continuing loads the site signed in. */
function GoogleWelcome({ user }: { user: AuthUser }) {
  const { t } = useTranslation('auth');
  const lang = useCurrentLanguage();
  return (
    <AuthCard
      tone="success"
      icon={<CircleCheck className="size-7" />}
      title={t('register.googleSuccessTitle', { name: user.firstName })}
    >
      <div role="status" className="flex flex-col gap-6 text-center">
        <p className="leading-7 text-slate-700">{t('register.googleSuccessBody')}</p>
        {/* A full page load: the session start-up picks up the stored tokens. */}
        <a href={localePath(lang)} className={buttonClasses({ variant: 'primary', size: 'lg' })}>
          {t('register.continue')}
        </a>
      </div>
    </AuthCard>
  );
}
