import { SIGN_IN_LINK } from '@ustaz/contract';
import { CircleCheck, CircleX, KeyRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../../shared/auth/auth-context.tsx';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { errorText, fieldErrorCodes } from '../../shared/lib/error-text.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { buttonClasses, SubmitButton } from '../../shared/ui/button.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { requestSignInLink, useVerifySignInLink } from './api/sign-in-link.ts';
import { AuthCard, AuthLink } from './auth-card.tsx';
import { ERROR_TEXTS } from './auth-error-texts.ts';
import { readConfirmHash } from './auth-schemas.ts';
import { EmailField, useEmailRequest } from './email-field.tsx';

/**
 * /{lang}/sign-in-link?hash=... (issue 29): the page a mailed sign-in link opens. It sends the
 * hash once, then signs in as a login does and goes to the language home; a used, expired or
 * malformed link says so and offers a new one.
 */
export function SignInLinkPage() {
  const { t } = useTranslation('auth');
  const lang = useCurrentLanguage();
  const auth = useAuth();
  const [params] = useSearchParams();
  const hash = readConfirmHash(params);
  const verification = useVerifySignInLink(hash);
  const [signInFailed, setSignInFailed] = useState(false);
  const started = useRef(false);
  const tokens = verification.data;

  useEffect(() => {
    if (!tokens || started.current) return;
    started.current = true;
    auth.signIn(tokens, { remember: true, redirectTo: localePath(lang) }).catch(() => setSignInFailed(true));
  }, [tokens, auth, lang]);

  if (hash === null) return <SignInLinkFailed message={t('signInLink.linkInvalid')} />;
  if (verification.isError) {
    const code = fieldErrorCodes(verification.error).hash;
    const message =
      code === 'hashExpired'
        ? t('signInLink.linkExpired')
        : code === 'accountSuspended'
          ? t('fieldErrors.accountSuspended')
          : code
            ? t('signInLink.linkUsed')
            : errorText(verification.error, t, ERROR_TEXTS.auth, 'signInLink.failed');
    return <SignInLinkFailed message={message} />;
  }
  if (signInFailed) return <SignInLinkFailed message={t('errors.fetchUserFailed')} />;
  if (tokens) {
    return (
      <AuthCard tone="success" icon={<CircleCheck className="size-7" />} title={t('signInLink.successTitle')}>
        <div className="flex flex-col items-center gap-3 py-2 text-primary">
          <Spinner label={t('signInLink.successBody')} />
          <p aria-hidden="true" className="text-center leading-7 text-slate-700">
            {t('signInLink.successBody')}
          </p>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard icon={<KeyRound className="size-7" />} title={t('signInLink.title')}>
      <div className="flex flex-col items-center gap-3 py-4 text-primary">
        <Spinner size="lg" label={t('signInLink.loading')} />
        <p aria-hidden="true" className="text-slate-600">
          {t('signInLink.loading')}
        </p>
      </div>
    </AuthCard>
  );
}

function SignInLinkFailed({ message }: { message: string }) {
  const { t } = useTranslation('auth');
  const lang = useCurrentLanguage();
  return (
    <AuthCard
      tone="danger"
      icon={<CircleX className="size-7" />}
      title={t('signInLink.failedTitle')}
      footer={<AuthLink to="/login">{t('common.backToLogin')}</AuthLink>}
    >
      <div className="flex flex-col gap-6">
        <p role="alert" className="text-center leading-7 text-slate-700">
          {message}
        </p>
        <NewSignInLinkForm />
        <Link to={localePath(lang)} className={buttonClasses({ variant: 'outline' })}>
          {t('common.goHome')}
        </Link>
      </div>
    </AuthCard>
  );
}

/** "Send me a new link": the e-mail field and the request; the answer reads the same for any e-mail. */
function NewSignInLinkForm() {
  const { t } = useTranslation('auth');
  const { sentTo, banner, onSubmit, submitting, emailField } = useEmailRequest(
    requestSignInLink,
    'signInLink.sendFailed',
  );
  if (sentTo !== null) {
    return (
      <p role="status" className="rounded-xl bg-emerald-50 p-4 text-center leading-7 text-emerald-900">
        {t('signInLink.sentBody')} <bdi className="font-semibold">{sentTo}</bdi>
      </p>
    );
  }
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4 border-t border-slate-100 pt-5"
      aria-label={t('signInLink.newTitle')}
    >
      <p className="text-sm leading-6 text-slate-600">
        {t('signInLink.newHint', { minutes: SIGN_IN_LINK.validMinutes })}
      </p>
      {banner ? <Alert>{banner}</Alert> : null}
      <EmailField {...emailField} />
      <SubmitButton submitting={submitting} text={t('signInLink.send')} busyText={t('signInLink.sending')} />
    </form>
  );
}
