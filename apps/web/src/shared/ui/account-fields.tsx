import type { ReactNode } from 'react';
import type {
  FieldError,
  FieldErrors,
  FieldValues,
  Path,
  UseFormRegister,
  UseFormRegisterReturn,
} from 'react-hook-form';
import { PasswordInput } from './password-input.tsx';
import { TextInput } from './text-input.tsx';

/** One registered form field: react-hook-form's props, its translated label and its error text. */
export type AccountField<Name extends string> = {
  registration: UseFormRegisterReturn<Name>;
  label: string;
  error?: string;
};

/**
 * The AccountField maker of one react-hook-form form: `field(name, label)` registers `name` and
 * turns its error's message key into text with `message`.
 */
export function accountFieldsOf<Values extends FieldValues>(
  register: UseFormRegister<Values>,
  errors: FieldErrors<Values>,
  message: (key: string | undefined) => string | undefined,
) {
  return <Name extends Path<Values>>(name: Name, label: string): AccountField<Name> => ({
    registration: register(name),
    label,
    error: message((errors[name] as FieldError | undefined)?.message),
  });
}

/** First and last name, required, side by side from the small breakpoint on (sign-up, edit profile). */
export function NameFields({
  firstName,
  lastName,
  maxLength,
}: {
  firstName: AccountField<'firstName'>;
  lastName: AccountField<'lastName'>;
  maxLength: number;
}) {
  const fields = [
    { field: firstName, autoComplete: 'given-name' },
    { field: lastName, autoComplete: 'family-name' },
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map(({ field, autoComplete }) => (
        <TextInput
          key={field.registration.name}
          {...field.registration}
          label={field.label}
          autoComplete={autoComplete}
          maxLength={maxLength}
          required
          error={field.error}
        />
      ))}
    </div>
  );
}

/** The password the user has now, required (sign-in, change password, delete account). */
export function CurrentPasswordField<Name extends string>({ registration, label, error }: AccountField<Name>) {
  return <PasswordInput {...registration} label={label} autoComplete="current-password" required error={error} />;
}

/**
 * A new password (with `rules` under it until it has an error) and its confirmation, both required
 * (sign-up, reset password, change password). `between` sits between the two.
 */
export function NewPasswordFields({
  password,
  confirmPassword,
  rules,
  between,
}: {
  password: AccountField<'password'>;
  confirmPassword: AccountField<'confirmPassword'>;
  rules: string;
  between?: ReactNode;
}) {
  return (
    <>
      <PasswordInput
        {...password.registration}
        label={password.label}
        autoComplete="new-password"
        required
        helperText={password.error ? undefined : rules}
        error={password.error}
      />
      {between}
      <PasswordInput
        {...confirmPassword.registration}
        label={confirmPassword.label}
        autoComplete="new-password"
        required
        error={confirmPassword.error}
      />
    </>
  );
}
