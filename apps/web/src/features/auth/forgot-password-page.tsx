import { zodResolver } from '@hookform/resolvers/zod';
import { TIMINGS } from '@ustaz/contract';
import { KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translate } from '../../shared/i18n/translate.ts';
import { errorText } from '../../shared/lib/error-text.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { requestPasswordReset } from './api/forgot-password.ts';
import { AuthCard, AuthForm, AuthLink, AuthSuccess, MailSent } from './auth-card.tsx';
import { ERROR_TEXTS } from './auth-error-texts.ts';
import { type ForgotFormValues, forgotFormSchema, VALIDATION_VALUES } from './auth-schemas.ts';
import { EmailField } from './email-field.tsx';

function delay(ms: number) {
  return new Promise<void>((resolve) => setTimeout(resolve, ms));
}

/**
 * Spec 2 "Forgot password": form, sending, success with a link back to login. The sending state
 * lasts at least TIMINGS.forgotPasswordDelayMs, so a fast answer does not flash by.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ForgotFormValues>({ resolver: zodResolver(forgotFormSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setBanner(null);
    const [result] = await Promise.allSettled([requestPasswordReset(email), delay(TIMINGS.forgotPasswordDelayMs)]);
    if (result.status === 'fulfilled') setSentTo(email);
    else setBanner(errorText(result.reason, t, ERROR_TEXTS.auth, 'forgot.failed'));
  });

  if (sentTo !== null) {
    return (
      <AuthSuccess
        icon={<MailCheck className="size-7" />}
        title={t('forgot.sentTitle')}
        linkText={t('common.backToLogin')}
        after={
          <button
            type="button"
            className="text-sm font-semibold text-primary hover:underline"
            onClick={() => {
              reset({ email: sentTo });
              setSentTo(null);
            }}
          >
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
      footer={<AuthLink to="/login">{t('common.backToLogin')}</AuthLink>}
    >
      {banner ? <Alert>{banner}</Alert> : null}
      <AuthForm
        label={t('forgot.title')}
        onSubmit={onSubmit}
        submitting={isSubmitting}
        text={t('forgot.submit')}
        busyText={t('forgot.sending')}
      >
        <EmailField
          registration={register('email')}
          error={errors.email?.message ? translate(t, errors.email.message, VALIDATION_VALUES) : undefined}
        />
      </AuthForm>
    </AuthCard>
  );
}
