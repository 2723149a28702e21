import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { SESSION_ERRORS, useAuth } from '../../shared/auth/auth-context.tsx';
import type { TokenPair } from '../../shared/auth/token-storage.ts';
import { ApiRequestError } from '../../shared/http/client.ts';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { errorCode, errorText, fieldErrorKey } from '../../shared/lib/error-text.ts';
import { applyServerFieldErrors } from '../../shared/lib/server-field-errors.ts';
import { useWebsiteSettings } from '../../shared/settings/api.ts';
import { CurrentPasswordField } from '../../shared/ui/account-fields.tsx';
import { Alert } from '../../shared/ui/alert.tsx';
import { LogIn } from '../../shared/ui/icons.tsx';
import { useAccountForm } from '../../shared/ui/use-account-form.ts';
import { loginWithEmail } from './api/login.ts';
import { AuthCard, AuthForm, AuthLink } from './auth-card.tsx';
import { ERROR_TEXTS } from './auth-error-texts.ts';
import { redirectTarget } from './auth-paths.ts';
import { loginFormSchema, VALIDATION_VALUES } from './auth-schemas.ts';
import { EmailField } from './email-field.tsx';
import { GoogleAlternative } from './google-sign-in-button.tsx';
import { SignInLinkOffer } from './sign-in-link-offer.tsx';
import { useCountdown } from './use-countdown.ts';
import { useGoogleLogin } from './use-google-login.ts';

/** The session messages of spec 8 as keys of the `auth` namespace. */
function sessionErrorKey(error: string): 'session.expired' | 'session.noUserData' | 'session.invalid' {
  if (error === SESSION_ERRORS.expired) return 'session.expired';
  if (error === SESSION_ERRORS.noUserData) return 'session.noUserData';
  return 'session.invalid';
}

/** Until when a 429 blocks the form: a time from Retry-After, or 'unknown' without one. */
type RateLimit = number | 'unknown' | null;

/** Spec 2 "Login": e-mail, password, remember me, forgot-password link, Google button, error banner. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const lang = useCurrentLanguage();
  const auth = useAuth();
  const location = useLocation();
  const settings = useWebsiteSettings();
  const googleClientId = settings.data?.settings.additional.googleClientId ?? null;
  const redirectTo = redirectTarget(location.state, localePath(lang));
  const [banner, setBanner] = useState<string | null>(null);
  const [rateLimit, setRateLimit] = useState<RateLimit>(null);
  // The address refused past the account-wide cap (429 accountThrottled): a sign-in link may be mailed to it.
  const [throttledEmail, setThrottledEmail] = useState<string | null>(null);
  const secondsLeft = useCountdown(typeof rateLimit === 'number' ? rateLimit : null);
  const locked = typeof rateLimit === 'number' && secondsLeft > 0;

  const form = useAccountForm(
    loginFormSchema,
    { email: '', password: '', remember: true },
    { t, values: VALIDATION_VALUES },
  );
  const { errors, isSubmitting } = form.formState;

  async function signIn(tokens: TokenPair, remember: boolean) {
    try {
      await auth.signIn(tokens, { remember, redirectTo });
    } catch {
      setBanner(t('errors.fetchUserFailed'));
    }
  }

  function showLoginError(error: unknown, email: string) {
    const message = fieldErrorKey(ERROR_TEXTS.authFields);
    if (applyServerFieldErrors(error, form.setError, ['email', 'password'], { message, focus: true })) return;
    if (error instanceof ApiRequestError && error.status === 429) {
      setRateLimit(error.retryAfterSeconds ? Date.now() + error.retryAfterSeconds * 1000 : 'unknown');
      if (errorCode(error) === 'accountThrottled') setThrottledEmail(email);
      return;
    }
    setBanner(errorText(error, t, ERROR_TEXTS.auth, 'login.failed'));
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    setRateLimit(null);
    setThrottledEmail(null);
    let tokens: TokenPair;
    try {
      tokens = await loginWithEmail({ email: values.email, password: values.password });
    } catch (error) {
      showLoginError(error, values.email);
      return;
    }
    await signIn(tokens, values.remember);
  });

  const google = useGoogleLogin({ setBanner, onTokens: (tokens) => signIn(tokens, form.getValues('remember')) });

  const rateLimitText =
    rateLimit === 'unknown'
      ? t('errors.tooManyRequests')
      : locked
        ? t('errors.tooManyRequestsWait', { seconds: secondsLeft })
        : null;
  const busy = isSubmitting || google.busy;

  return (
    <AuthCard
      icon={<LogIn className="size-7" />}
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <AuthLink prompt={t('login.noAccount')} to="/register">
          {t('login.createAccount')}
        </AuthLink>
      }
    >
      <div className="flex flex-col gap-3">
        {auth.error && !banner ? <Alert variant="info">{t(sessionErrorKey(auth.error))}</Alert> : null}
        {banner ? <Alert>{banner}</Alert> : null}
        {rateLimitText ? <Alert>{rateLimitText}</Alert> : null}
        {throttledEmail ? <SignInLinkOffer key={throttledEmail} email={throttledEmail} /> : null}
      </div>
      <AuthForm
        label={t('login.title')}
        onSubmit={onSubmit}
        submitting={isSubmitting}
        disabled={busy || locked}
        text={t('login.submit')}
        busyText={t('login.submitting')}
      >
        <EmailField registration={form.register('email')} error={form.message(errors.email?.message)} />
        <CurrentPasswordField
          registration={form.register('password')}
          label={t('fields.password')}
          error={form.message(errors.password?.message)}
        />
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-slate-700">
            <input type="checkbox" {...form.register('remember')} className="size-4 accent-primary" />
            {t('login.remember')}
          </label>
          <AuthLink to="/forgot-password">{t('login.forgot')}</AuthLink>
        </div>
      </AuthForm>
      <GoogleAlternative
        clientId={googleClientId}
        mode="signin"
        busy={google.busy}
        onCredential={google.onCredential}
      />
    </AuthCard>
  );
}
