import { FALLBACK_WEBSITE_SETTINGS, type WebsiteSettings } from '@ustaz/contract';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { NewWebsiteSettingsRow, WebsiteSettingsRow } from '../../db/schema.ts';
import { type RuntimeSettings, toWebsiteSettings } from './settings.presenter.ts';
import { type EditableSettings, findCurrentSettings, insertSettings, swapSettings } from './settings.repo.ts';

export type { EditableSettings, RuntimeSettings };

export function runtimeSettings(config: Pick<Config, 'google' | 'adminDashboardUrl'>): RuntimeSettings {
  return { googleClientId: config.google?.clientId ?? null, adminDashboardUrl: config.adminDashboardUrl };
}

/** The first settings row: the spec's fallback values plus the demo contact data and social links. */
export const INITIAL_SETTINGS: NewWebsiteSettingsRow = {
  facebookUrl: 'https://www.facebook.com/ustaz.kw',
  twitterUrl: 'https://x.com/ustaz_kw',
  instagramUrl: 'https://www.instagram.com/ustaz.kw',
  linkedinUrl: 'https://www.linkedin.com/company/ustaz-kw',
  youtubeUrl: 'https://www.youtube.com/@ustaz_kw',
  defaultTitle: FALLBACK_WEBSITE_SETTINGS.defaultTitle,
  defaultDescription: FALLBACK_WEBSITE_SETTINGS.defaultDescription,
  defaultKeywords: FALLBACK_WEBSITE_SETTINGS.defaultKeywords,
  contactEmail: 'support@ustaz.com.kw',
  contactPhone: '+965 2227 0000',
  contactAddress: 'برج الحمراء، شارع الشهداء، مدينة الكويت، الكويت',
  contactAddressEn: 'Al Hamra Tower, Al Shuhada Street, Kuwait City, Kuwait',
  appName: FALLBACK_WEBSITE_SETTINGS.appName,
  appNameEn: 'Ustaz',
  primaryColor: FALLBACK_WEBSITE_SETTINGS.primaryColor,
  secondaryColor: FALLBACK_WEBSITE_SETTINGS.secondaryColor,
  enableRegistration: FALLBACK_WEBSITE_SETTINGS.additional.enableRegistration,
  maxUploadSize: FALLBACK_WEBSITE_SETTINGS.additional.maxUploadSize,
};

export function createSettingsService(db: Db, runtime: RuntimeSettings) {
  return {
    async getWebsiteSettings(): Promise<WebsiteSettings> {
      const row = await findCurrentSettings(db);
      if (row) return toWebsiteSettings(row, runtime);
      return { ...FALLBACK_WEBSITE_SETTINGS, additional: { ...FALLBACK_WEBSITE_SETTINGS.additional, ...runtime } };
    },
    /** Makes sure a settings row exists; the site is never without settings. */
    async ensureSettings(): Promise<WebsiteSettings> {
      const existing = await findCurrentSettings(db);
      if (existing) return toWebsiteSettings(existing, runtime);
      return toWebsiteSettings(await insertSettings(db, INITIAL_SETTINGS), runtime);
    },

    /** The stored row as it is (admin), created from the initial values when there is none yet. */
    async currentRow(executor: Executor = db): Promise<WebsiteSettingsRow> {
      return (await findCurrentSettings(executor)) ?? insertSettings(executor, INITIAL_SETTINGS);
    },

    /** Replaces the editable fields of row `id` if it still has `version` (else undefined); version + 1. */
    replace: (executor: Executor, id: number, version: number, values: EditableSettings) =>
      swapSettings(executor, id, version, values),
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
