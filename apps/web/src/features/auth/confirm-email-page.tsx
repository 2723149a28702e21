import { CircleCheck, CircleX, MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { errorText, fieldErrorCodes } from '../../shared/lib/error-text.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { buttonClasses, SubmitButton } from '../../shared/ui/button.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useConfirmEmail } from './api/confirm-email.ts';
import { resendConfirmation } from './api/resend-confirmation.ts';
import { AuthCard, AuthSuccess } from './auth-card.tsx';
import { ERROR_TEXTS } from './auth-error-texts.ts';
import { readConfirmHash } from './auth-schemas.ts';
import { EmailField, useEmailRequest } from './email-field.tsx';

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
      <AuthCard icon={<MailCheck className="size-7" />} title={t('confirm.title')}>
        <div className="flex flex-col items-center gap-3 py-4 text-primary">
          <Spinner size="lg" label={t('confirm.loading')} />
          <p aria-hidden="true" className="text-slate-600">
            {t('confirm.loading')}
          </p>
        </div>
      </AuthCard>
    );
  }

  if (confirmation.isError) {
    const code = fieldErrorCodes(confirmation.error).hash;
    if (code === 'emailAlreadyConfirmed') return <AlreadyConfirmed />;
    const message =
      code === 'hashExpired'
        ? t('confirm.linkExpired')
        : code
          ? t('confirm.linkUsed')
          : errorText(confirmation.error, t, ERROR_TEXTS.auth, 'confirm.failed');
    return <ConfirmFailed message={message} />;
  }

  return <ConfirmSucceeded />;
}

function ConfirmSucceeded() {
  const { t } = useTranslation('auth');
  return (
    <AuthSuccess icon={<CircleCheck className="size-7" />} title={t('confirm.successTitle')}>
      <p className="leading-7 text-slate-700">{t('confirm.successBody')}</p>
    </AuthSuccess>
  );
}

/** A spent link of an account already confirmed: nothing went wrong, sign in. */
function AlreadyConfirmed() {
  const { t } = useTranslation('auth');
  return (
    <AuthSuccess icon={<CircleCheck className="size-7" />} title={t('confirm.alreadyTitle')}>
      <p className="leading-7 text-slate-700">{t('confirm.alreadyBody')}</p>
    </AuthSuccess>
  );
}

function ConfirmFailed({ message }: { message: string }) {
  const { t } = useTranslation('auth');
  const lang = useCurrentLanguage();
  return (
    <AuthCard tone="danger" icon={<CircleX className="size-7" />} title={t('confirm.failedTitle')}>
      <div className="flex flex-col gap-6">
        <p role="alert" className="text-center leading-7 text-slate-700">
          {message}
        </p>
        <ResendConfirmationForm />
        <Link to={localePath(lang)} className={buttonClasses({ variant: 'outline' })}>
          {t('common.goHome')}
        </Link>
      </div>
    </AuthCard>
  );
}

/** "Send a new link": an e-mail field and the resend call; the answer says the same for any e-mail. */
function ResendConfirmationForm() {
  const { t } = useTranslation('auth');
  const { sentTo, banner, onSubmit, submitting, emailField } = useEmailRequest(
    resendConfirmation,
    'confirm.resendFailed',
  );

  if (sentTo !== null) {
    return (
      <p role="status" className="rounded-xl bg-emerald-50 p-4 text-center leading-7 text-emerald-900">
        {t('confirm.resentBody')} <bdi className="font-semibold">{sentTo}</bdi>
      </p>
    );
  }
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4 border-t border-slate-100 pt-5"
      aria-label={t('confirm.resendTitle')}
    >
      <p className="text-sm leading-6 text-slate-600">{t('confirm.resendHint')}</p>
      {banner ? <Alert>{banner}</Alert> : null}
      <EmailField {...emailField} />
      <SubmitButton submitting={submitting} text={t('confirm.resend')} busyText={t('confirm.resending')} />
    </form>
  );
}
