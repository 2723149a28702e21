import { LANGUAGES, TRANSLATION_RETRY } from '@ustaz/contract/constants';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createFetchBackend } from './fetch-backend.ts';
import { numberFormatter, numberInterpolation } from './number-interpolation.ts';

/**
 * i18next with one JSON file per language and namespace under /locales. Failed loads are
 * retried up to 5 times, 350 ms first and doubling (spec section 9). Numbers interpolated into a
 * text come out in the language's digits (number-interpolation.ts).
 */
export async function initI18n(language: string) {
  await i18next
    .use(createFetchBackend())
    .use(initReactI18next)
    .use(numberFormatter)
    .init({
      lng: language,
      // Both languages have every key (a test checks it): never download the other language.
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      load: 'languageOnly',
      ns: ['common'],
      defaultNS: 'common',
      maxRetries: TRANSLATION_RETRY.maxRetries,
      retryTimeout: TRANSLATION_RETRY.initialDelayMs,
      interpolation: numberInterpolation,
      returnNull: false,
      saveMissing: import.meta.env.DEV,
      missingKeyHandler: import.meta.env.DEV
        ? (_lngs, ns, key) => console.error(`Missing translation: ${ns}:${key}`)
        : undefined,
      react: { useSuspense: true },
    });
  return i18next;
}
