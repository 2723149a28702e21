import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH_REGISTER, PHOTO_MAX_BYTES } from '@ustaz/contract';
import { z } from 'zod';

export const PROFILE_VALIDATION_VALUES = {
  nameMax: NAME_MAX_LENGTH,
  photoMaxMb: PHOTO_MAX_BYTES / (1024 * 1024),
  passwordMin: PASSWORD_MIN_LENGTH_REGISTER,
  passwordMax: PASSWORD_MAX_LENGTH,
} as const;

/** The basic `{text}@{text}.{text}` pattern of spec 5. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec 5 "Profile": names required (trimmed); e-mail required with a basic pattern (the field is read-only). */
export const profileFormSchema = z.object({
  firstName: z.string().trim().min(1, 'validation.firstNameRequired').max(NAME_MAX_LENGTH, 'validation.nameTooLong'),
  lastName: z.string().trim().min(1, 'validation.lastNameRequired').max(NAME_MAX_LENGTH, 'validation.nameTooLong'),
  email: z.string().trim().min(1, 'validation.emailRequired').regex(EMAIL_PATTERN, 'validation.emailInvalid'),
});
export type ProfileFormValues = z.input<typeof profileFormSchema>;

export type PhotoProblem = 'invalidType' | 'tooLarge';

/** Spec 5 "Photo": images only, at most 5 MB; each failure has its own message. */
export function validatePhoto(file: Pick<File, 'size' | 'type'>): PhotoProblem | null {
  if (!file.type.startsWith('image/')) return 'invalidType';
  if (file.size > PHOTO_MAX_BYTES) return 'tooLarge';
  return null;
}

/** The password change: the current password, and a new one by the registration rules (spec 5), typed twice. */
export const changePasswordSchema = z
  .object({
    oldPassword: z.string().min(1, 'security.oldPasswordRequired').max(PASSWORD_MAX_LENGTH, 'security.passwordTooLong'),
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH_REGISTER, 'security.passwordTooShort')
      .max(PASSWORD_MAX_LENGTH, 'security.passwordTooLong'),
    confirmPassword: z.string().min(1, 'security.confirmRequired'),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'security.passwordsMismatch',
  });
export type ChangePasswordValues = z.input<typeof changePasswordSchema>;
