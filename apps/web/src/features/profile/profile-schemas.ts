import {
  ARABIC_NAME,
  hasInvisibleControls,
  LATIN_NAME,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH_REGISTER,
  PHOTO_MAX_BYTES,
} from '@ustaz/contract';
import { z } from 'zod';

export const PROFILE_VALIDATION_VALUES = {
  nameMax: NAME_MAX_LENGTH,
  photoMaxMb: PHOTO_MAX_BYTES / (1024 * 1024),
  passwordMin: PASSWORD_MIN_LENGTH_REGISTER,
  passwordMax: PASSWORD_MAX_LENGTH,
} as const;

/** The basic `{text}@{text}.{text}` pattern of spec 5. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A name with a bidi control or zero-width character (the contract's `invalidCharacters`). */
const INVISIBLE = 'validation.invalidCharacters';

/** An optional spelling of the name for one language's pages (ADR 020): empty, or in that language's script. */
const spelling = (script: RegExp, scriptMessage: string) =>
  z
    .string()
    .trim()
    .max(NAME_MAX_LENGTH, 'validation.nameTooLong')
    .refine((name) => !hasInvisibleControls(name), INVISIBLE)
    .refine((name) => name === '' || script.test(name), scriptMessage)
    .default('');

/** The spelling pairs of the form: both halves given, or neither. */
export const SPELLING_PAIRS = [
  ['firstNameEn', 'lastNameEn'],
  ['firstNameAr', 'lastNameAr'],
] as const;

/** The name for English and for Arabic pages: optional, in Latin and in Arabic letters (the contract's rules). */
const spellingShape = {
  firstNameEn: spelling(LATIN_NAME, 'validation.notLatinScript'),
  lastNameEn: spelling(LATIN_NAME, 'validation.notLatinScript'),
  firstNameAr: spelling(ARABIC_NAME, 'validation.notArabicScript'),
  lastNameAr: spelling(ARABIC_NAME, 'validation.notArabicScript'),
};
export type SpellingField = keyof typeof spellingShape;

/** First and last of a pair together: the half left empty gets `validation.spellingPairRequired`. */
function checkPairs(values: Record<SpellingField, string>, context: z.RefinementCtx) {
  for (const [first, last] of SPELLING_PAIRS) {
    if ((values[first] === '') === (values[last] === '')) continue;
    const missing = values[first] === '' ? first : last;
    context.addIssue({ code: 'custom', path: [missing], message: 'validation.spellingPairRequired' });
  }
}

/** The spellings alone (the teacher's editor, which saves the names beside the profile). */
export const nameSpellingsSchema = z.object(spellingShape).superRefine(checkPairs);
export type NameSpellingValues = z.output<typeof nameSpellingsSchema>;

/** What PATCH /auth/me takes of the spellings: an empty pair is null (cleared). */
export function spellingsBody(values: NameSpellingValues) {
  return {
    firstNameEn: values.firstNameEn || null,
    lastNameEn: values.lastNameEn || null,
    firstNameAr: values.firstNameAr || null,
    lastNameAr: values.lastNameAr || null,
  };
}

/** A name that must be typed: trimmed, at most NAME_MAX_LENGTH, no invisible controls. */
const requiredName = (missing: string) =>
  z
    .string()
    .trim()
    .min(1, missing)
    .max(NAME_MAX_LENGTH, 'validation.nameTooLong')
    .refine((name) => !hasInvisibleControls(name), INVISIBLE);

/**
 * Spec 5 "Profile": names required (trimmed); e-mail required with a basic pattern (the field is
 * read-only); the optional spellings of ADR 020.
 */
export const profileFormSchema = z
  .object({
    firstName: requiredName('validation.firstNameRequired'),
    lastName: requiredName('validation.lastNameRequired'),
    email: z.string().trim().min(1, 'validation.emailRequired').regex(EMAIL_PATTERN, 'validation.emailInvalid'),
    ...spellingShape,
  })
  .superRefine(checkPairs);
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
