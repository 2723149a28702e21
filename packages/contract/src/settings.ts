import { z } from 'zod';
import type { Language } from './constants.ts';

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

type BilingualBrand = Pick<WebsiteSettings, 'appName' | 'appNameEn' | 'contactAddress' | 'contactAddressEn'>;

/** The app name a page in `language` shows: the English one on English pages when set, else the Arabic one; '' when both are empty. */
export function appNameIn(settings: BilingualBrand, language: Language): string {
  return (language === 'en' ? settings.appNameEn?.trim() : '') || settings.appName.trim();
}

/** The contact address a page in `language` shows, the same way; null when there is none. */
export function contactAddressIn(settings: BilingualBrand, language: Language): string | null {
  return (language === 'en' ? settings.contactAddressEn?.trim() : '') || settings.contactAddress?.trim() || null;
}
