import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordInput } from './password-input.tsx';
import { TextInput } from './text-input.tsx';

/** One registered form field: react-hook-form's props, its translated label and its error text. */
export type AccountField<Name extends string> = {
  registration: UseFormRegisterReturn<Name>;
  label: string;
  error?: string;
};

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
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextInput
        {...firstName.registration}
        label={firstName.label}
        autoComplete="given-name"
        maxLength={maxLength}
        required
        error={firstName.error}
      />
      <TextInput
        {...lastName.registration}
        label={lastName.label}
        autoComplete="family-name"
        maxLength={maxLength}
        required
        error={lastName.error}
      />
    </div>
  );
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
