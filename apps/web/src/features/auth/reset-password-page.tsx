import { TIMINGS } from '@ustaz/contract';
import { useEffect, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { errorText, fieldErrorCodes, fieldErrorKey } from '../../shared/lib/error-text.ts';
import { applyServerFieldErrors } from '../../shared/lib/server-field-errors.ts';
import { NewPasswordFields } from '../../shared/ui/account-fields.tsx';
import { Alert } from '../../shared/ui/alert.tsx';
import { CircleCheck, LockKeyhole } from '../../shared/ui/icons.tsx';
import { useAccountForm } from '../../shared/ui/use-account-form.ts';
import { resetPassword } from './api/reset-password.ts';
import { AuthCard, AuthForm, AuthSuccess, BackToLogin } from './auth-card.tsx';
import { ERROR_TEXTS } from './auth-error-texts.ts';
import { readResetLink, resetFormSchema, VALIDATION_VALUES } from './auth-schemas.ts';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

const LINK_ERROR_KEYS = {
  missing: 'reset.linkMissing',
  invalid: 'reset.linkInvalid',
  expired: 'reset.linkExpired',
} as const;

/**
 * Spec 2 "Reset password" (also /password-change, the link of the reset mail): reads hash and
 * expires from the query; a missing or malformed hash or a past expiry shows an error and
 * keeps the submit disabled. New password with a strength meter, its confirmation, then a
 * success message and the login page after 3 s.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const lang = useCurrentLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const link = useMemo(() => readResetLink(params), [params]);
  const [banner, setBanner] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const loginPath = localePath(lang, '/login');

  const form = useAccountForm(resetFormSchema, { password: '', confirmPassword: '' }, { t, values: VALIDATION_VALUES });
  const password = useWatch({ control: form.control, name: 'password' });

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate(loginPath, { replace: true }), TIMINGS.resetRedirectMs);
    return () => window.clearTimeout(timer);
  }, [done, navigate, loginPath]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (link.status !== 'valid') return;
    setBanner(null);
    try {
      await resetPassword({ password: values.password, hash: link.hash });
      setDone(true);
    } catch (error) {
      const fields = fieldErrorCodes(error);
      if (fields.hash === 'hashExpired') setBanner(t('reset.linkExpired'));
      else if (fields.hash) setBanner(t('reset.linkInvalid'));
      else if (
        !applyServerFieldErrors(error, form.setError, ['password'], { message: fieldErrorKey(ERROR_TEXTS.authFields) })
      ) {
        setBanner(errorText(error, t, ERROR_TEXTS.auth, 'reset.failed'));
      }
    }
  });

  if (done) {
    return (
      <AuthSuccess icon={<CircleCheck className="size-7" />} title={t('reset.successTitle')} replace>
        <p className="leading-7 text-slate-700">
          {t('reset.successBody', { seconds: TIMINGS.resetRedirectMs / 1000 })}
        </p>
      </AuthSuccess>
    );
  }

  const linkError = link.status === 'valid' ? null : t(LINK_ERROR_KEYS[link.status]);

  return (
    <AuthCard
      icon={<LockKeyhole className="size-7" />}
      title={t('reset.title')}
      subtitle={t('reset.subtitle')}
      footer={<BackToLogin />}
    >
      {linkError ? (
        <Alert>
          {linkError}{' '}
          <Link to={localePath(lang, '/forgot-password')} className="font-semibold underline">
            {t('reset.requestNewLink')}
          </Link>
        </Alert>
      ) : null}
      {banner ? <Alert>{banner}</Alert> : null}
      <AuthForm
        label={t('reset.title')}
        onSubmit={onSubmit}
        submitting={form.formState.isSubmitting}
        disabled={link.status !== 'valid'}
        text={t('reset.submit')}
        busyText={t('reset.submitting')}
      >
        <NewPasswordFields
          password={form.field('password', t('fields.newPassword'))}
          confirmPassword={form.field('confirmPassword', t('fields.confirmPassword'))}
          rules={t('reset.rules', VALIDATION_VALUES)}
          between={password ? <PasswordStrengthMeter password={password} form="reset" /> : null}
        />
      </AuthForm>
    </AuthCard>
  );
}
