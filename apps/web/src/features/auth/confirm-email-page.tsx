import { CircleCheck, CircleX, MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { fieldErrorCodes } from '../../shared/lib/api-errors.ts';
import { buttonClasses } from '../../shared/ui/button.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useConfirmEmail } from './api/confirm-email.ts';
import { AuthCard } from './auth-card.tsx';
import { authErrorText } from './auth-error-text.ts';
import { readConfirmHash } from './auth-schemas.ts';

/** Spec 2 "Confirm e-mail": reads the hash, then loading, success (login button) or failure (register and home). */
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
    const message =
      code === 'hashExpired'
        ? t('confirm.linkExpired')
        : code
          ? t('confirm.linkUsed')
          : authErrorText(confirmation.error, t, 'confirm.failed');
    return <ConfirmFailed message={message} />;
  }

  return <ConfirmSucceeded />;
}

function ConfirmSucceeded() {
  const { t } = useTranslation('auth');
  const lang = useCurrentLanguage();
  return (
    <AuthCard tone="success" icon={<CircleCheck className="size-7" />} title={t('confirm.successTitle')}>
      <div role="status" className="flex flex-col gap-6 text-center">
        <p className="leading-7 text-slate-700">{t('confirm.successBody')}</p>
        <Link to={localePath(lang, '/login')} className={buttonClasses({ variant: 'primary', size: 'lg' })}>
          {t('common.goToLogin')}
        </Link>
      </div>
    </AuthCard>
  );
}

function ConfirmFailed({ message }: { message: string }) {
  const { t } = useTranslation('auth');
  const lang = useCurrentLanguage();
  return (
    <AuthCard tone="danger" icon={<CircleX className="size-7" />} title={t('confirm.failedTitle')}>
      <div className="flex flex-col gap-6 text-center">
        <p role="alert" className="leading-7 text-slate-700">
          {message}
        </p>
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Link to={localePath(lang, '/register')} className={buttonClasses({ variant: 'primary' })}>
            {t('confirm.register')}
          </Link>
          <Link to={localePath(lang)} className={buttonClasses({ variant: 'outline' })}>
            {t('common.goHome')}
          </Link>
        </div>
      </div>
    </AuthCard>
  );
}
