import { z } from 'zod';
import { PASSWORD_MIN_LENGTH_REGISTER, PASSWORD_MIN_LENGTH_RESET, ROLE, SIGN_IN_PROVIDERS } from './constants.ts';
import { timeZoneSchema } from './time-zone.ts';
import { visibleText } from './visible-text.ts';

/** Bodies, answers and field codes of the authentication calls (spec 3, 5, 7 and 8). */

export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 60;
export const EMAIL_MAX_LENGTH = 254;

export const emailSchema = z.string().trim().toLowerCase().max(EMAIL_MAX_LENGTH).pipe(z.email());
/** A name as typed: 1-60 characters, none of them a bidi control or zero-width (`invalidCharacters`). */
const nameSchema = visibleText(z.string().trim().min(1).max(NAME_MAX_LENGTH));

/** Letters of the Arabic script (with their marks), and spaces, apostrophes, hyphens and dots. */
export const ARABIC_NAME = /^[\p{Script=Arabic}\p{M}\s'\u2019.-]+$/u;
/** Latin letters (accents included), and spaces, apostrophes, hyphens and dots. */
export const LATIN_NAME = /^[\p{Script=Latin}\p{M}\s'\u2019.-]+$/u;

/** A name spelled for Arabic pages (ADR 020): Arabic script, else 422 `notArabicScript`. */
export const arabicNameSchema = nameSchema.refine((name) => ARABIC_NAME.test(name), {
  message: 'notArabicScript',
  params: { code: 'notArabicScript' },
});
/** A name spelled for English pages (ADR 020): Latin script, else 422 `notLatinScript`. */
export const latinNameSchema = nameSchema.refine((name) => LATIN_NAME.test(name), {
  message: 'notLatinScript',
  params: { code: 'notLatinScript' },
});

/** The name spellings of a user (ADR 020): per language a first and last name, or both null. */
export const NAME_SPELLING_FIELDS = ['firstNameAr', 'lastNameAr', 'firstNameEn', 'lastNameEn'] as const;

export const roleIdSchema = z.union([z.literal(ROLE.admin), z.literal(ROLE.teacher), z.literal(ROLE.student)]);
export const roleSchema = z.object({ id: roleIdSchema, name: z.enum(['admin', 'teacher', 'student']) });

export const photoSchema = z.object({ id: z.string(), path: z.string() });

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleSchema,
  photo: photoSchema.nullable(),
  provider: z.enum(SIGN_IN_PROVIDERS),
  emailConfirmed: z.boolean(),
  createdAt: z.string(),
  /** The IANA zone the user's browser last reported (PATCH /auth/me), null until then. */
  timeZone: z.string().nullable(),
  /** The own name spelled for Arabic and English pages (ADR 020), null where not given. */
  firstNameAr: z.string().nullable(),
  lastNameAr: z.string().nullable(),
  firstNameEn: z.string().nullable(),
  lastNameEn: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

/** What anyone signed in may see of another user: no e-mail. */
export const publicUserSchema = userSchema.pick({ id: true, firstName: true, lastName: true, role: true, photo: true });
export type PublicUser = z.infer<typeof publicUserSchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const registerBodySchema = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
  email: emailSchema,
  password: z.string().min(PASSWORD_MIN_LENGTH_REGISTER).max(PASSWORD_MAX_LENGTH),
  /** Always 3 (student); any other role is refused. */
  roleId: z.literal(ROLE.student).optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const registerResponseSchema = z.object({ success: z.literal(true), message: z.string() });

export const tokensResponseSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  /** When the access token expires, in ms since the epoch. */
  tokenExpires: z.number().int(),
  user: userSchema,
});
export type TokensResponse = z.infer<typeof tokensResponseSchema>;

export const refreshResponseSchema = tokensResponseSchema.omit({ user: true });

/** Reset rules (spec 5): at least 8 characters with a lowercase letter, an uppercase letter and a digit. */
export const resetPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH_RESET)
  .max(PASSWORD_MAX_LENGTH)
  .regex(/[a-z]/, 'lowercase')
  .regex(/[A-Z]/, 'uppercase')
  .regex(/\d/, 'digit');

export const hashSchema = z.string().trim().min(16).max(200);

export const resetBodySchema = z.object({ password: resetPasswordSchema, hash: hashSchema });
export const confirmBodySchema = z.object({ hash: hashSchema });
export const forgotBodySchema = z.object({ email: emailSchema });
export const googleLoginBodySchema = z.object({ idToken: z.string().min(20).max(8192) });

/**
 * POST /api/v1/auth/google/sandbox/token (development only, ADR 027): the local stand-in for
 * Google's account chooser signs an ID token for this account, which the client then sends to
 * /auth/google/login like Google's.
 */
export const googleSandboxTokenBodySchema = z.strictObject({
  email: emailSchema,
  firstName: nameSchema,
  lastName: nameSchema,
});
export const googleSandboxTokenResponseSchema = z.object({ idToken: z.string() });

/** The registration rule (spec 5: at least 6 characters), also for a new password on the profile. */
export const newPasswordSchema = z.string().min(PASSWORD_MIN_LENGTH_REGISTER).max(PASSWORD_MAX_LENGTH);

/**
 * The profile update (spec 7, PATCH /auth/me). Unknown fields are refused (`unknownField`), not
 * dropped. A password change sends `password` with `oldPassword` (the current one): other
 * sessions end, this one stays.
 */
export const updateMeBodySchema = z
  .object({
    firstName: nameSchema.optional(),
    lastName: nameSchema.optional(),
    /** Read-only: accepted only when it equals the current address. */
    email: emailSchema.optional(),
    photo: z.object({ id: z.uuid() }).nullable().optional(),
    password: newPasswordSchema.optional(),
    oldPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH).optional(),
    /** The browser's IANA zone (the web app sends it when it differs); else 422 `invalidTimeZone`. */
    timeZone: timeZoneSchema.optional(),
    /**
     * The name spelled for Arabic pages and for English pages (ADR 020). A pair is sent together
     * (the other one missing: 422 `required`); null clears it.
     */
    firstNameAr: arabicNameSchema.nullable().optional(),
    lastNameAr: arabicNameSchema.nullable().optional(),
    firstNameEn: latinNameSchema.nullable().optional(),
    lastNameEn: latinNameSchema.nullable().optional(),
  })
  .strict()
  .superRefine((body, context) => {
    for (const [first, last] of [
      ['firstNameAr', 'lastNameAr'],
      ['firstNameEn', 'lastNameEn'],
    ] as const) {
      const [a, b] = [body[first], body[last]];
      const [aSet, bSet] = [a !== undefined && a !== null, b !== undefined && b !== null];
      if (aSet === bSet && (a === undefined) === (b === undefined)) continue;
      const missing = aSet !== bSet ? (aSet ? last : first) : a === undefined ? first : last;
      context.addIssue({ code: 'custom', path: [missing], message: 'required', params: { code: 'required' } });
    }
  });
export type UpdateMeBody = z.infer<typeof updateMeBodySchema>;

/** DELETE /auth/me: the current password, required when the account has one. */
export const deleteMeBodySchema = z
  .object({ password: z.string().min(1).max(PASSWORD_MAX_LENGTH).optional() })
  .strict();
export type DeleteMeBody = z.infer<typeof deleteMeBodySchema>;

/** POST /auth/email/resend: a new confirmation link; the answer is the same for any e-mail. */
export const resendConfirmationBodySchema = z.object({ email: emailSchema });

/**
 * POST /auth/sign-in-link: mail a one-time sign-in link (the way in past the account-wide sign-in
 * cap, 429 `accountThrottled`); the answer is the same for any e-mail.
 */
export const signInLinkBodySchema = z.object({ email: emailSchema });
export type SignInLinkBody = z.infer<typeof signInLinkBodySchema>;

/** POST /auth/sign-in-link/verify: the link's hash; answers as a sign-in does (`tokensResponseSchema`). */
export const signInLinkVerifyBodySchema = z.object({ hash: hashSchema });
export type SignInLinkVerifyBody = z.infer<typeof signInLinkVerifyBodySchema>;

/** A mailed sign-in link: valid this long, once; a newer one ends the older; one mail a minute per account. */
export const SIGN_IN_LINK = { validMinutes: 15, resendSeconds: 60 } as const;

export const okResponseSchema = z.object({ success: z.literal(true) });

export const uploadedFileSchema = z.object({ file: z.object({ id: z.string(), path: z.string() }) });
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** Password strength score 0..5 (spec 5): length >= 8, lowercase, uppercase, digit, special character. */
export function passwordStrength(password: string): number {
  let score = 0;
  if (password.length >= PASSWORD_MIN_LENGTH_RESET) score++;
  if (/[a-z]/.test(password)) score++;
  if (/[A-Z]/.test(password)) score++;
  if (/\d/.test(password)) score++;
  if (/[^A-Za-z0-9]/.test(password)) score++;
  return score;
}
