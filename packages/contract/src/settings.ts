import { z } from 'zod';

const optionalUrl = z.string().max(2048).nullable();
const optionalId = z.string().max(200).nullable();

export const websiteSettingsSchema = z.object({
  id: z.number().int(),
  facebookUrl: optionalUrl,
  twitterUrl: optionalUrl,
  instagramUrl: optionalUrl,
  linkedinUrl: optionalUrl,
  youtubeUrl: optionalUrl,
  tiktokPixelId: optionalId,
  googleAnalyticsId: optionalId,
  facebookPixelId: optionalId,
  instagramPixelId: optionalId,
  hotjarId: optionalId,
  defaultTitle: z.string(),
  defaultDescription: z.string(),
  defaultKeywords: z.string(),
  defaultOgImage: optionalUrl,
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactAddress: z.string().nullable(),
  /** The address for English pages; null: English pages show `contactAddress`. */
  contactAddressEn: z.string().nullable(),
  appName: z.string(),
  /** The app name for English pages; null: English pages show `appName`. */
  appNameEn: z.string().nullable(),
  logoUrl: optionalUrl,
  faviconUrl: optionalUrl,
  primaryColor: z.string(),
  secondaryColor: z.string(),
  customScripts: z.object({
    headerScripts: z.string(),
    footerScripts: z.string(),
  }),
  additional: z.object({
    enableRegistration: z.boolean(),
    maxUploadSize: z.number().int().positive(),
    /** Set when Google sign-in is configured on the server (GOOGLE_CLIENT_ID); the button shows only then. */
    googleClientId: z.string().nullable(),
    /** Where the profile screen sends admins (role 1). */
    adminDashboardUrl: z.string(),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type WebsiteSettings = z.infer<typeof websiteSettingsSchema>;

// The bilingual names (appNameIn, contactAddressIn) sit in a file without zod: the first view's code reads them.
export { appNameIn, contactAddressIn } from './brand-names.ts';
