import type { AdminSettings, WebsiteSettings } from '@ustaz/contract';
import type { WebsiteSettingsRow } from '../../db/schema.ts';

/** Settings that come from the server's configuration rather than the settings row. */
export type RuntimeSettings = { googleClientId: string | null; adminDashboardUrl: string };

/** The settings row as the admin edits it: every stored field, flat, with version and last change. */
export function toAdminSettings(row: WebsiteSettingsRow): AdminSettings {
  return {
    version: row.version,
    appName: row.appName,
    appNameEn: row.appNameEn,
    defaultTitle: row.defaultTitle,
    defaultDescription: row.defaultDescription,
    defaultKeywords: row.defaultKeywords,
    defaultOgImage: row.defaultOgImage,
    logoUrl: row.logoUrl,
    faviconUrl: row.faviconUrl,
    primaryColor: row.primaryColor,
    secondaryColor: row.secondaryColor,
    facebookUrl: row.facebookUrl,
    twitterUrl: row.twitterUrl,
    instagramUrl: row.instagramUrl,
    linkedinUrl: row.linkedinUrl,
    youtubeUrl: row.youtubeUrl,
    tiktokPixelId: row.tiktokPixelId,
    googleAnalyticsId: row.googleAnalyticsId,
    facebookPixelId: row.facebookPixelId,
    instagramPixelId: row.instagramPixelId,
    hotjarId: row.hotjarId,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    contactAddress: row.contactAddress,
    contactAddressEn: row.contactAddressEn,
    headerScripts: row.headerScripts,
    footerScripts: row.footerScripts,
    enableRegistration: row.enableRegistration,
    maxUploadSize: row.maxUploadSize,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The public settings: the same fields, scripts and limits grouped, plus the server's own values. */
export function toWebsiteSettings(row: WebsiteSettingsRow, runtime: RuntimeSettings): WebsiteSettings {
  const { headerScripts, footerScripts, enableRegistration, maxUploadSize, ...fields } = toAdminSettings(row);
  return {
    id: row.id,
    ...fields,
    customScripts: { headerScripts, footerScripts },
    additional: {
      enableRegistration,
      maxUploadSize,
      googleClientId: runtime.googleClientId,
      adminDashboardUrl: runtime.adminDashboardUrl,
    },
    createdAt: row.createdAt.toISOString(),
  };
}
