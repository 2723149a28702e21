import {
  EMAIL_MAX_LENGTH,
  hasInvisibleControls,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH_REGISTER,
  PASSWORD_MIN_LENGTH_RESET,
  passwordStrength,
} from '@ustaz/contract';
import { z } from 'zod';

/**
 * The form rules of spec 5. Each message is a key of the `auth` namespace, translated where it
 * is shown (with VALIDATION_VALUES), so a language switch re-translates a shown error.
 */
export const VALIDATION_VALUES = {
  registerMin: PASSWORD_MIN_LENGTH_REGISTER,
  resetMin: PASSWORD_MIN_LENGTH_RESET,
  nameMax: NAME_MAX_LENGTH,
  passwordMax: PASSWORD_MAX_LENGTH,
} as const;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'validation.emailRequired')
  .max(EMAIL_MAX_LENGTH, 'validation.emailInvalid')
  .pipe(z.email('validation.emailInvalid'));

/** A name: required, at most NAME_MAX_LENGTH, and no bidi control or zero-width character (the contract's rule). */
const name = (requiredKey: string) =>
  z
    .string()
    .trim()
    .min(1, requiredKey)
    .max(NAME_MAX_LENGTH, 'validation.nameTooLong')
    .refine((text) => !hasInvisibleControls(text), 'validation.invalidCharacters');

const passwordTooLong = 'validation.passwordTooLong';

/** The form a password is typed into (each has its own rule below). */
export type PasswordForm = keyof typeof PASSWORD_RULES;

/** Each form's own password rule: registration 6 or more; a reset 8 or more with a lowercase letter, an uppercase letter and a digit. */
const PASSWORD_RULES = {
  register: z
    .string()
    .min(1, 'validation.passwordRequired')
    .min(PASSWORD_MIN_LENGTH_REGISTER, 'validation.passwordTooShort')
    .max(PASSWORD_MAX_LENGTH, passwordTooLong),
  reset: z
    .string()
    .min(1, 'validation.passwordRequired')
    .min(PASSWORD_MIN_LENGTH_RESET, 'validation.resetTooShort')
    .max(PASSWORD_MAX_LENGTH, passwordTooLong)
    .regex(/[a-z]/, 'validation.resetLowercase')
    .regex(/[A-Z]/, 'validation.resetUppercase')
    .regex(/\d/, 'validation.resetDigit'),
} as const;

/** A new password typed again: required. */
const confirmPassword = z.string().min(1, 'validation.confirmPasswordRequired');

/** A new password and its confirmation agree (an empty confirmation is only "required"). */
const passwordsMatch = (values: { password: string; confirmPassword: string }) =>
  !values.confirmPassword || values.password === values.confirmPassword;
/** Where a mismatch shows: under the confirmation. */
const PASSWORDS_MISMATCH = { message: 'validation.passwordsMismatch', path: ['confirmPassword'] };

/** Login: a valid e-mail; a password of at least 1 character. */
export const loginFormSchema = z.object({
  email,
  password: z.string().min(1, 'validation.passwordRequired').max(PASSWORD_MAX_LENGTH, passwordTooLong),
  remember: z.boolean(),
});
export type LoginFormValues = z.input<typeof loginFormSchema>;

/** Register: both names, a valid e-mail, a password of 6 or more, and the same password again. */
export const registerFormSchema = z
  .object({
    firstName: name('validation.firstNameRequired'),
    lastName: name('validation.lastNameRequired'),
    email,
    password: PASSWORD_RULES.register,
    confirmPassword,
  })
  .refine(passwordsMatch, PASSWORDS_MISMATCH);
export type RegisterFormValues = z.input<typeof registerFormSchema>;

/** Forgot password: a valid e-mail. */
export const forgotFormSchema = z.object({ email });
export type ForgotFormValues = z.input<typeof forgotFormSchema>;

/** Reset: 8 or more characters with a lowercase letter, an uppercase letter and a digit; the same again. */
export const resetFormSchema = z
  .object({ password: PASSWORD_RULES.reset, confirmPassword })
  .refine(passwordsMatch, PASSWORDS_MISMATCH);
export type ResetFormValues = z.input<typeof resetFormSchema>;

/** The six strength labels, for scores 0 to 5. */
export const STRENGTH_LABELS = ['veryWeak', 'weak', 'medium', 'good', 'strong', 'veryStrong'] as const;
export type StrengthLabel = (typeof STRENGTH_LABELS)[number];

/**
 * Spec 5: one point each for length 8+, lowercase, uppercase, digit, special character. A password
 * the form still refuses scores at most 1 (weak), so the meter never praises what the form's hint
 * rejects (a reset's "Medium" under "at least 8 characters").
 */
export function strengthOf(password: string, form: PasswordForm): { score: number; label: StrengthLabel } {
  const raw = Math.max(0, Math.min(5, passwordStrength(password)));
  const score = PASSWORD_RULES[form].safeParse(password).success ? raw : Math.min(raw, 1);
  return { score, label: STRENGTH_LABELS[score] ?? 'veryWeak' };
}

/** What the reset link says about itself: usable, missing or malformed, or past its `expires` time. */
export type ResetLinkState = { status: 'valid'; hash: string } | { status: 'missing' | 'invalid' | 'expired' };

/** The contract's hash rule (16 to 200 characters), without spaces. */
const HASH_PATTERN = /^\S{16,200}$/;

export function readResetLink(params: URLSearchParams, now: number = Date.now()): ResetLinkState {
  const hash = params.get('hash')?.trim() ?? '';
  if (!hash) return { status: 'missing' };
  if (!HASH_PATTERN.test(hash)) return { status: 'invalid' };
  const expires = params.get('expires');
  if (expires !== null && expires.trim() !== '') {
    const at = Number(expires);
    if (!Number.isFinite(at)) return { status: 'invalid' };
    if (at <= now) return { status: 'expired' };
  }
  return { status: 'valid', hash };
}

/** The confirmation link's hash, or null when it is missing or malformed. */
export function readConfirmHash(params: URLSearchParams): string | null {
  const hash = params.get('hash')?.trim() ?? '';
  return HASH_PATTERN.test(hash) ? hash : null;
}
