import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent, ReactNode } from 'react';
import { type DefaultValues, type FieldValues, get, type Path, type UseFormRegister, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { translate } from '../../../shared/i18n/translate.ts';
import { errorText, fieldErrorText } from '../../../shared/lib/error-text.ts';
import { applyServerFieldErrors } from '../../../shared/lib/server-field-errors.ts';
import { TextInput, type TextInputProps } from '../../../shared/ui/text-input.tsx';
import { notify } from '../../../shared/ui/toast.tsx';
import { ERROR_TEXTS } from '../admin-error-texts.ts';
import { FormActions } from './form-fields.tsx';
import { TextAreaField } from './text-area-field.tsx';

/**
 * A dashboard form: react-hook-form checked by the zod object `schema` (whose messages are the
 * locale file's error codes), `onSave` with the parsed values, the server's field codes put under
 * the schema's fields, any other failure in a toast. `error(name)` is a field's error text.
 */
export function useAdminForm<Form extends FieldValues, Values>({
  schema,
  defaultValues,
  onSave,
}: {
  schema: z.ZodType<Values, Form> & { shape: Record<Path<Form>, unknown> };
  defaultValues: DefaultValues<Form>;
  onSave: (values: Values) => Promise<void>;
}) {
  const { t } = useTranslation('admin');
  const form = useForm<Form, unknown, Values>({ resolver: zodResolver(schema), defaultValues });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSave(values);
    } catch (failure) {
      if (!applyServerFieldErrors(failure, form.setError, Object.keys(schema.shape) as Path<Form>[])) {
        void notify.error(errorText(failure, t, ERROR_TEXTS.admin));
      }
    }
  });
  return {
    ...form,
    submit,
    error: (name: Path<Form>) => fieldErrorText((get(errors, name) as { message?: string } | undefined)?.message, t),
  };
}

/** A form of `useAdminForm`: its fields, then Cancel and the submit button (spinner while saving). */
export function AdminForm({
  form,
  saving,
  onCancel,
  submitText,
  testId,
  children,
}: {
  form: { submit: (event?: FormEvent) => Promise<void> };
  saving: boolean;
  onCancel: () => void;
  submitText: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={(event: FormEvent) => void form.submit(event)}
      noValidate
      className="flex flex-col gap-4"
      data-testid={testId}
    >
      {children}
      <FormActions pending={saving} onCancel={onCancel} submitText={submitText} />
    </form>
  );
}

/** What the fields below need of `useAdminForm`. */
type AdminFormFields<Form extends FieldValues> = {
  register: UseFormRegister<Form>;
  error: (name: Path<Form>) => string | undefined;
};

type FieldProps<Form extends FieldValues> = Omit<TextInputProps, 'name' | 'form' | 'error'> & {
  form: AdminFormFields<Form>;
  name: Path<Form>;
};

/**
 * A whole number typed in a form (hours, days, a sort order), left to right. A text field, not
 * type="number" (which refuses Arabic-Indic digits); the form's schema reads them as ASCII.
 */
export function NumberField<Form extends FieldValues>({ form, name, ...rest }: FieldProps<Form>) {
  return <TextInput {...form.register(name)} inputMode="numeric" dir="ltr" {...rest} error={form.error(name)} />;
}

/** An amount in KWD typed in a form (`12.5`, up to 3 decimals), left to right. */
export function AmountField<Form extends FieldValues>({ form, name, ...rest }: FieldProps<Form>) {
  return <TextInput {...form.register(name)} inputMode="decimal" dir="ltr" {...rest} error={form.error(name)} />;
}

/** The form fields that come in an Arabic and an English pair: `nameAr` and `nameEn` for `name`. */
type BilingualName<Form> = {
  [Key in keyof Form & string]: Key extends `${infer Base}Ar` ? (`${Base}En` extends keyof Form ? Base : never) : never;
}[keyof Form & string];

const SIDES = [
  { suffix: 'Ar', lang: 'ar', dir: 'rtl' },
  { suffix: 'En', lang: 'en', dir: 'ltr' },
] as const;

/**
 * One text in both languages, side by side in the form's grid: the Arabic field (right to left)
 * and the English one (left to right), each labelled by `texts.<name>Ar` / `texts.<name>En` in
 * the admin namespace. `multiline` makes them text areas.
 */
export function BilingualFields<Form extends FieldValues>({
  form,
  texts,
  name,
  multiline = false,
  rows,
  maxLength,
  required,
  helperText,
}: {
  form: AdminFormFields<Form>;
  texts: 'subjectForm' | 'packageForm' | 'teacherEdit';
  name: BilingualName<Form>;
  multiline?: boolean;
  rows?: number;
  maxLength?: number;
  required?: boolean;
  helperText?: string;
}) {
  const { t } = useTranslation('admin');
  return SIDES.map(({ suffix, lang, dir }) => {
    const field = `${name}${suffix}` as Path<Form>;
    const props = {
      ...form.register(field),
      label: translate(t, `${texts}.${name}${suffix}`),
      helperText,
      dir,
      lang,
      maxLength,
      required,
      error: form.error(field),
    };
    return multiline ? <TextAreaField key={lang} {...props} rows={rows} /> : <TextInput key={lang} {...props} />;
  });
}
