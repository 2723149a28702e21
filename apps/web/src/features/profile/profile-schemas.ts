import { NAME_MAX_LENGTH, PHOTO_MAX_BYTES } from '@ustaz/contract';
import { z } from 'zod';

export const PROFILE_VALIDATION_VALUES = {
  nameMax: NAME_MAX_LENGTH,
  photoMaxMb: PHOTO_MAX_BYTES / (1024 * 1024),
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
