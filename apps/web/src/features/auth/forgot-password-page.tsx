import { TIMINGS } from '@ustaz/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../shared/ui/alert.tsx';
import { KeyRound, MailCheck } from '../../shared/ui/icons.tsx';
import { requestPasswordReset } from './api/forgot-password.ts';
import { AuthCard, AuthForm, AuthSuccess, BackToLogin, MailSent } from './auth-card.tsx';
import { EmailField, useEmailRequest } from './email-field.tsx';

function delay(ms: number) {
  return new Promise<void>((resolve) => setTimeout(resolve, ms));
}

/** The reset mail's request; a fast answer (or failure) still takes TIMINGS.forgotPasswordDelayMs. */
async function sendResetMail(email: string) {
  const [result] = await Promise.allSettled([requestPasswordReset(email), delay(TIMINGS.forgotPasswordDelayMs)]);
  if (result.status === 'rejected') throw result.reason;
}

/**
 * Spec 2 "Forgot password": form, sending, success with a link back to login. The sending state
 * lasts at least TIMINGS.forgotPasswordDelayMs, so a fast answer does not flash by.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const { sentTo, banner, onSubmit, submitting, emailField, tryAgain } = useEmailRequest(
    sendResetMail,
    'forgot.failed',
  );

  if (sentTo !== null) {
    return (
      <AuthSuccess
        icon={<MailCheck className="size-7" />}
        title={t('forgot.sentTitle')}
        linkText={t('common.backToLogin')}
        after={
          <button type="button" className="text-sm font-semibold text-primary hover:underline" onClick={tryAgain}>
            {t('forgot.tryAgain')}
          </button>
        }
      >
        <MailSent body={t('forgot.sentBody')} email={sentTo} hint={t('forgot.sentHint')} />
      </AuthSuccess>
    );
  }

  return (
    <AuthCard
      icon={<KeyRound className="size-7" />}
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      footer={<BackToLogin />}
    >
      {banner ? <Alert>{banner}</Alert> : null}
      <AuthForm
        label={t('forgot.title')}
        onSubmit={onSubmit}
        submitting={submitting}
        text={t('forgot.submit')}
        busyText={t('forgot.sending')}
      >
        <EmailField {...emailField} />
      </AuthForm>
    </AuthCard>
  );
}
