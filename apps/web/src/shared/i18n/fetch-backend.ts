import type { BackendModule, ReadCallback } from 'i18next';

/**
 * Loads `/locales/{lng}/{ns}.json` with fetch. Network failures and 5xx answers are reported as
 * retryable (`callback(error, true)`), so i18next retries them with its own policy; a 4xx is final.
 */
export function createFetchBackend(loadPath = '/locales/{{lng}}/{{ns}}.json'): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(language: string, namespace: string, callback: ReadCallback) {
      const url = loadPath
        .replace('{{lng}}', encodeURIComponent(language))
        .replace('{{ns}}', encodeURIComponent(namespace));
      fetch(url, { headers: { accept: 'application/json' } })
        .then(async (response) => {
          if (!response.ok) {
            const retry = response.status >= 500 || response.status === 408 || response.status === 429;
            callback(new Error(`failed loading ${url}: ${response.status}`), retry);
            return;
          }
          callback(null, await response.json());
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true));
    },
  };
}
