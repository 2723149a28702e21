import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../shared/ui/text-input.tsx';

/** The e-mail field of the account forms (login, sign-up, forgot password, resend confirmation). */
export function EmailField({ registration, error }: { registration: UseFormRegisterReturn<'email'>; error?: string }) {
  const { t } = useTranslation('auth');
  return (
    <TextInput
      {...registration}
      type="email"
      label={t('fields.email')}
      autoComplete="email"
      inputMode="email"
      required
      error={error}
    />
  );
}
