import { SIGN_IN_LINK } from '@ustaz/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../shared/auth/auth-context.tsx';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { errorText, fieldErrorCodes } from '../../shared/lib/error-text.ts';
import { CircleCheck, KeyRound } from '../../shared/ui/icons.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { requestSignInLink, useVerifySignInLink } from './api/sign-in-link.ts';
import { AuthCard, BackToLogin } from './auth-card.tsx';
import { ERROR_TEXTS } from './auth-error-texts.ts';
import { readConfirmHash } from './auth-schemas.ts';
import { LinkChecking, LinkFailed, NewLinkForm } from './link-screens.tsx';

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
    <LinkChecking
      icon={<KeyRound className="size-7" />}
      title={t('signInLink.title')}
      label={t('signInLink.loading')}
    />
  );
}

/** Failed: why, "Send me a new link", and the way back to login. */
function SignInLinkFailed({ message }: { message: string }) {
  const { t } = useTranslation('auth');
  return (
    <LinkFailed title={t('signInLink.failedTitle')} message={message} footer={<BackToLogin />}>
      <NewLinkForm
        send={requestSignInLink}
        failedKey="signInLink.sendFailed"
        texts={{
          label: t('signInLink.newTitle'),
          hint: t('signInLink.newHint', { minutes: SIGN_IN_LINK.validMinutes }),
          sentBody: t('signInLink.sentBody'),
          submit: t('signInLink.send'),
          submitting: t('signInLink.sending'),
        }}
      />
    </LinkFailed>
  );
}
