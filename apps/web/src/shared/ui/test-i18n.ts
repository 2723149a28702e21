import type { Language } from '@ustaz/contract';
import { createInstance } from 'i18next';
import { initReactI18next } from 'react-i18next';
import ar from '../../../public/locales/ar/common.json';
import en from '../../../public/locales/en/common.json';

/**
 * Test helper: an i18next instance with the real common.json of both languages, bound to
 * react-i18next, in English until setTestLanguage('ar'). Import it before rendering.
 */
export const testI18n = createInstance();

await testI18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  ns: ['common'],
  defaultNS: 'common',
  resources: { ar: { common: ar }, en: { common: en } },
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

export async function setTestLanguage(language: Language): Promise<void> {
  await testI18n.changeLanguage(language);
}
