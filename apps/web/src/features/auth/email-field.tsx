import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translate } from '../../shared/i18n/translate.ts';
import { errorText } from '../../shared/lib/error-text.ts';
import { TextInput } from '../../shared/ui/text-input.tsx';
import { ERROR_TEXTS } from './auth-error-texts.ts';
import { type ForgotFormValues, forgotFormSchema, VALIDATION_VALUES } from './auth-schemas.ts';

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

/**
 * A form that sends a mail to one address (forgot password, resend confirmation): the checked
 * e-mail field, the address once `send` succeeded, and a banner with the failure text
 * (`failedKey` when nothing more precise is known).
 */
export function useEmailRequest(send: (email: string) => Promise<unknown>, failedKey: string) {
  const { t } = useTranslation('auth');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<ForgotFormValues>({ resolver: zodResolver(forgotFormSchema), defaultValues: { email: '' } });
  const onSubmit = form.handleSubmit(async ({ email }) => {
    setBanner(null);
    try {
      await send(email);
      setSentTo(email);
    } catch (error) {
      setBanner(errorText(error, t, ERROR_TEXTS.auth, failedKey));
    }
  });
  const errorKey = form.formState.errors.email?.message;
  return {
    sentTo,
    banner,
    onSubmit,
    submitting: form.formState.isSubmitting,
    emailField: {
      registration: form.register('email'),
      error: errorKey ? translate(t, errorKey, VALIDATION_VALUES) : undefined,
    },
    /** Back to the form, filled with the address the mail went to. */
    tryAgain: () => {
      form.reset({ email: sentTo ?? '' });
      setSentTo(null);
    },
  };
}
