import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText, fieldErrorCodes } from '../../shared/lib/error-text.ts';
import { CircleCheck, MailCheck } from '../../shared/ui/icons.tsx';
import { useConfirmEmail } from './api/confirm-email.ts';
import { resendConfirmation } from './api/resend-confirmation.ts';
import { AuthSuccess } from './auth-card.tsx';
import { ERROR_TEXTS } from './auth-error-texts.ts';
import { readConfirmHash } from './auth-schemas.ts';
import { LinkChecking, LinkFailed, NewLinkForm } from './link-screens.tsx';

/**
 * Spec 2 "Confirm e-mail": reads the hash, then loading, success (login button) or failure, where
 * the user can ask for a new link (an account exists already: registering again would fail).
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const hash = readConfirmHash(params);
  const confirmation = useConfirmEmail(hash);

  if (hash === null) return <ConfirmFailed message={t('confirm.linkInvalid')} />;

  if (confirmation.isPending) {
    return (
      <LinkChecking icon={<MailCheck className="size-7" />} title={t('confirm.title')} label={t('confirm.loading')} />
    );
  }

  if (confirmation.isError) {
    const code = fieldErrorCodes(confirmation.error).hash;
    if (code === 'emailAlreadyConfirmed') {
      // A spent link of an account already confirmed: nothing went wrong, sign in.
      return <Confirmed title={t('confirm.alreadyTitle')} body={t('confirm.alreadyBody')} />;
    }
    const message =
      code === 'hashExpired'
        ? t('confirm.linkExpired')
        : code
          ? t('confirm.linkUsed')
          : errorText(confirmation.error, t, ERROR_TEXTS.auth, 'confirm.failed');
    return <ConfirmFailed message={message} />;
  }

  return <Confirmed title={t('confirm.successTitle')} body={t('confirm.successBody')} />;
}

function Confirmed({ title, body }: { title: string; body: string }) {
  return (
    <AuthSuccess icon={<CircleCheck className="size-7" />} title={title}>
      <p className="leading-7 text-slate-700">{body}</p>
    </AuthSuccess>
  );
}

/** Failed: why, and "Send a new link" (an account exists already: registering again would fail). */
function ConfirmFailed({ message }: { message: string }) {
  const { t } = useTranslation('auth');
  return (
    <LinkFailed title={t('confirm.failedTitle')} message={message}>
      <NewLinkForm
        send={resendConfirmation}
        failedKey="confirm.resendFailed"
        texts={{
          label: t('confirm.resendTitle'),
          hint: t('confirm.resendHint'),
          sentBody: t('confirm.resentBody'),
          submit: t('confirm.resend'),
          submitting: t('confirm.resending'),
        }}
      />
    </LinkFailed>
  );
}
