import { z } from 'zod';
import { paging, searchQuery } from './admin-fields.ts';
import { PACKAGE_TYPES } from './constants.ts';
import { kwdAmountSchema, listResponseSchema } from './discovery.ts';
import { positiveKwdInputSchema } from './money.ts';

/** The admin's catalogue: subjects, subscription packages and the website settings. */

// Subjects ---------------------------------------------------------------------------------------

/** A subject's or a package's id with its name and description in both languages. */
const described = {
  id: z.number().int(),
  nameAr: z.string(),
  nameEn: z.string(),
  descriptionAr: z.string(),
  descriptionEn: z.string(),
};

export const adminSubjectSchema = z.object({
  ...described,
  icon: z.string(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
  /** Other words a search finds it by (ADR 007), in each language. */
  synonymsAr: z.array(z.string()),
  synonymsEn: z.array(z.string()),
  /** Teachers that teach it. */
  teachersCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminSubject = z.infer<typeof adminSubjectSchema>;

export const adminSubjectsQuerySchema = z.object({
  search: searchQuery,
  isActive: z.enum(['true', 'false']).optional(),
  ...paging,
});
export const adminSubjectsResponseSchema = listResponseSchema(adminSubjectSchema);
export type AdminSubjectsResponse = z.infer<typeof adminSubjectsResponseSchema>;

/** At most this many synonyms a language per subject, each at most SUBJECT_SYNONYM_MAX_LENGTH characters. */
export const SUBJECT_SYNONYMS_MAX = 20;
export const SUBJECT_SYNONYM_MAX_LENGTH = 40;

/**
 * Other words or short phrases a search finds a subject by ("maths", "حساب"), trimmed. No commas:
 * the admin types them comma-separated.
 */
const synonymList = z
  .array(
    z
      .string()
      .trim()
      .min(1)
      .max(SUBJECT_SYNONYM_MAX_LENGTH)
      .refine((value) => !/[,،]/.test(value), { params: { code: 'invalid' } }),
  )
  .max(SUBJECT_SYNONYMS_MAX);

export const adminSubjectBodySchema = z.strictObject({
  nameAr: z.string().trim().min(1).max(100),
  nameEn: z.string().trim().min(1).max(100),
  descriptionAr: z.string().trim().max(1000).default(''),
  descriptionEn: z.string().trim().max(1000).default(''),
  /** A lucide icon name in kebab case. */
  icon: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/)
    .default('book-open'),
  isActive: z.boolean().default(true),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
  synonymsAr: synonymList.default([]),
  synonymsEn: synonymList.default([]),
});
export type AdminSubjectBody = z.input<typeof adminSubjectBodySchema>;
export const adminSubjectPatchSchema = adminSubjectBodySchema.partial();
export const adminSubjectResponseSchema = z.object({ subject: adminSubjectSchema });

// Subscription packages --------------------------------------------------------------------------

export const adminPackageSchema = z.object({
  ...described,
  hours: z.number().int(),
  price: kwdAmountSchema,
  type: z.enum(PACKAGE_TYPES),
  validityDays: z.number().int(),
  featuresAr: z.array(z.string()),
  featuresEn: z.array(z.string()),
  discountPercentage: z.number().int(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
  /** Subscriptions bought from it. */
  soldCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminPackage = z.infer<typeof adminPackageSchema>;
export const adminPackagesResponseSchema = z.object({ data: z.array(adminPackageSchema) });

const featureList = z.array(z.string().trim().min(1).max(200)).max(20);
export const adminPackageBodySchema = z.strictObject({
  nameAr: z.string().trim().min(1).max(100),
  nameEn: z.string().trim().min(1).max(100),
  descriptionAr: z.string().trim().max(1000).default(''),
  descriptionEn: z.string().trim().max(1000).default(''),
  hours: z.number().int().min(1).max(1000),
  price: positiveKwdInputSchema(100_000),
  type: z.enum(PACKAGE_TYPES).default('standard'),
  validityDays: z.number().int().min(1).max(3650),
  featuresAr: featureList.default([]),
  featuresEn: featureList.default([]),
  discountPercentage: z.number().int().min(0).max(100).default(0),
  isActive: z.boolean().default(true),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
});
export type AdminPackageBody = z.input<typeof adminPackageBodySchema>;
export const adminPackagePatchSchema = adminPackageBodySchema.partial();
export const adminPackageResponseSchema = z.object({ package: adminPackageSchema });

// Website settings -------------------------------------------------------------------------------

const hexColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/);
const optionalHttpUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => /^https?:\/\//i.test(value) || value.startsWith('/'), { params: { code: 'invalid' } })
  .nullable();
const optionalTrackingId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/)
  .nullable();

/** Every editable field of spec 3 "Website settings"; `version` is the one being replaced (409 when stale). */
export const adminSettingsBodySchema = z.strictObject({
  version: z.number().int().positive(),
  appName: z.string().trim().min(1).max(60),
  /** English pages' app name; null or empty: the Arabic one (`appName`). */
  appNameEn: z.string().trim().max(60).nullable(),
  defaultTitle: z.string().trim().min(1).max(120),
  defaultDescription: z.string().trim().max(300),
  defaultKeywords: z.string().trim().max(300),
  defaultOgImage: optionalHttpUrl,
  logoUrl: optionalHttpUrl,
  faviconUrl: optionalHttpUrl,
  primaryColor: hexColor,
  secondaryColor: hexColor,
  facebookUrl: optionalHttpUrl,
  twitterUrl: optionalHttpUrl,
  instagramUrl: optionalHttpUrl,
  linkedinUrl: optionalHttpUrl,
  youtubeUrl: optionalHttpUrl,
  tiktokPixelId: optionalTrackingId,
  googleAnalyticsId: optionalTrackingId,
  facebookPixelId: optionalTrackingId,
  instagramPixelId: optionalTrackingId,
  hotjarId: optionalTrackingId,
  contactEmail: z.string().trim().max(254).pipe(z.email()).nullable(),
  contactPhone: z.string().trim().max(40).nullable(),
  contactAddress: z.string().trim().max(300).nullable(),
  /** English pages' address; null or empty: the Arabic one (`contactAddress`). */
  contactAddressEn: z.string().trim().max(300).nullable(),
  headerScripts: z.string().max(20_000),
  footerScripts: z.string().max(20_000),
  enableRegistration: z.boolean(),
  /** Bytes; 100 KB to 20 MB. */
  maxUploadSize: z
    .number()
    .int()
    .min(100 * 1024)
    .max(20 * 1024 * 1024),
});
export type AdminSettingsBody = z.infer<typeof adminSettingsBodySchema>;
/** The editable fields as stored, plus version and dates. */
export const adminSettingsSchema = adminSettingsBodySchema.extend({ updatedAt: z.string() });
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
export const adminSettingsResponseSchema = z.object({ settings: adminSettingsSchema });
