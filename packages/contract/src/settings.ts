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
  appName: z.string(),
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
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type WebsiteSettings = z.infer<typeof websiteSettingsSchema>;
