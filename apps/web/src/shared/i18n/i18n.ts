import { LANGUAGES, TRANSLATION_RETRY } from '@ustaz/contract/constants';
import i18next, { type InitOptions, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createFetchBackend } from './fetch-backend.ts';
import { numberFormatter, numberInterpolation } from './number-interpolation.ts';

/**
 * The options every i18next instance of the app shares: the browser's one (initI18n) and the
 * server renderer's one per request (entry-server.tsx), so both write the same texts.
 */
export function i18nOptions(language: string): InitOptions {
  return {
    lng: language,
    // Both languages have every key (a test checks it): never download the other language.
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    ns: ['common'],
    defaultNS: 'common',
    interpolation: numberInterpolation,
    returnNull: false,
    react: { useSuspense: true },
  };
}

/**
 * i18next with one JSON file per language and namespace under /locales. Failed loads are
 * retried up to 5 times, 350 ms first and doubling (spec section 9). Numbers interpolated into a
 * text come out in the language's digits (number-interpolation.ts). A server-rendered page hands
 * in the namespaces it used (`inlined`, ADR 021): those are not fetched again, the others still are.
 */
export async function initI18n(language: string, inlined?: Record<string, Record<string, unknown>>) {
  const resources: Resource | undefined = inlined ? { [language]: inlined } : undefined;
  await i18next
    .use(createFetchBackend())
    .use(initReactI18next)
    .use(numberFormatter)
    .init({
      ...i18nOptions(language),
      ...(resources ? { resources, partialBundledLanguages: true } : {}),
      maxRetries: TRANSLATION_RETRY.maxRetries,
      retryTimeout: TRANSLATION_RETRY.initialDelayMs,
      saveMissing: import.meta.env.DEV,
      missingKeyHandler: import.meta.env.DEV
        ? (_lngs, ns, key) => console.error(`Missing translation: ${ns}:${key}`)
        : undefined,
    });
  return i18next;
}
