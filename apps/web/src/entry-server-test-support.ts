import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '@ustaz/contract';
import { FALLBACK_WEBSITE_SETTINGS } from '@ustaz/contract/settings-defaults';
import { type RenderInput, render } from './entry-server.tsx';

/** Test helpers of the server renderer's tests (node environment): the locale files as the server reads them. */

/** Every namespace of a language, as the server reads them from the build. */
export function localeTexts(language: Language): RenderInput['texts'] {
  const dir = path.resolve(import.meta.dirname, '../public/locales', language);
  return Object.fromEntries(
    readdirSync(dir).map((file) => [
      file.replace(/\.json$/, ''),
      JSON.parse(readFileSync(path.join(dir, file), 'utf8')),
    ]),
  );
}

/**
 * Test helper: `url` rendered by the real server renderer in `language`, with that language's
 * locale files, as the server hands them in (the fallback settings unless told otherwise).
 */
export function renderOnServer({
  url,
  language,
  apiFetch,
  settings = FALLBACK_WEBSITE_SETTINGS,
}: Pick<RenderInput, 'url' | 'language' | 'apiFetch'> & { settings?: RenderInput['settings'] }) {
  return render({ url, origin: 'http://ustaz.test', language, texts: localeTexts(language), settings, apiFetch });
}
