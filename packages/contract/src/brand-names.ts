import type { Language } from './constants.ts';
import type { WebsiteSettings } from './settings.ts';

type BilingualBrand = Pick<WebsiteSettings, 'appName' | 'appNameEn' | 'contactAddress' | 'contactAddressEn'>;

/** The app name a page in `language` shows: the English one on English pages when set, else the Arabic one; '' when both are empty. */
export function appNameIn(settings: BilingualBrand, language: Language): string {
  return (language === 'en' ? settings.appNameEn?.trim() : '') || settings.appName.trim();
}

/** The contact address a page in `language` shows, the same way; null when there is none. */
export function contactAddressIn(settings: BilingualBrand, language: Language): string | null {
  return (language === 'en' ? settings.contactAddressEn?.trim() : '') || settings.contactAddress?.trim() || null;
}
