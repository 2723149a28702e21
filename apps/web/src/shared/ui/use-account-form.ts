import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type Translate, translate } from '../i18n/translate.ts';
import { accountFieldsOf } from './account-fields.tsx';

/**
 * An account form (login, sign-up, password reset, password change): react-hook-form checked by
 * the zod `schema`, whose messages are keys of the form's namespace. `message(key)` is such a key
 * in the page's language (`t`, with `values` for its numbers), and `field(name, label)` a field of
 * account-fields.tsx with its registration and error text.
 */
export function useAccountForm<Form extends FieldValues, Values>(
  schema: z.ZodType<Values, Form>,
  defaultValues: DefaultValues<Form>,
  texts: { t: Translate; values: Record<string, unknown> },
) {
  const form = useForm<Form, unknown, Values>({ resolver: zodResolver(schema), defaultValues });
  const message = (key: string | undefined) => (key ? translate(texts.t, key, texts.values) : undefined);
  return { ...form, message, field: accountFieldsOf(form.register, form.formState.errors, message) };
}
