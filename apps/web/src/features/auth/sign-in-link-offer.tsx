import { SIGN_IN_LINK } from '@ustaz/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/lib/error-text.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { MailCheck } from '../../shared/ui/icons.tsx';
import { requestSignInLink } from './api/sign-in-link.ts';
import { ERROR_TEXTS } from './auth-error-texts.ts';

/**
 * The login screen's answer to 429 accountThrottled (issue 29): many failed attempts from many
 * places made new devices wait, so the owner may ask for a one-time sign-in link mailed to `email`
 * instead of waiting. The answer reads the same whether or not the address has an account.
 */
export function SignInLinkOffer({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function send() {
    setSending(true);
    setFailure(null);
    try {
      await requestSignInLink(email);
      setSent(true);
    } catch (error) {
      setFailure(errorText(error, t, ERROR_TEXTS.auth, 'signInLink.sendFailed'));
    } finally {
      setSending(false);
    }
  }

  if (sent) {
    return (
      <Alert variant="success" title={t('signInLink.sentTitle')}>
        <p data-testid="sign-in-link-sent">
          {t('signInLink.sentBody')} <bdi className="font-semibold">{email}</bdi>
        </p>
        <p>{t('signInLink.sentHint', { minutes: SIGN_IN_LINK.validMinutes })}</p>
      </Alert>
    );
  }
  return (
    <div
      data-testid="sign-in-link-offer"
      className="flex flex-col gap-3 rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm leading-6 text-sky-900"
    >
      <p className="flex items-start gap-2">
        <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <span>{t('signInLink.offer')}</span>
      </p>
      {failure ? <Alert>{failure}</Alert> : null}
      <Button variant="outline" loading={sending} onClick={() => void send()}>
        {sending ? t('signInLink.sending') : t('signInLink.send')}
      </Button>
    </div>
  );
}
