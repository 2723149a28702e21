import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES, type Language } from '@ustaz/contract';

/** Page titles by `common.titles` key (`login`, `admin.users`), per language. */
export type RouteTitles = Record<Language, Record<string, string>>;

function flatten(value: unknown, prefix: string, into: Record<string, string>) {
  if (!value || typeof value !== 'object') return;
  for (const [key, inner] of Object.entries(value)) {
    if (typeof inner === 'string') into[`${prefix}${key}`] = inner;
    else flatten(inner, `${prefix}${key}.`, into);
  }
}

/**
 * The web's page titles (`titles` of each language's common.json in the build), the very texts
 * the app sets after load, so the title the server writes is the one the page keeps. A build
 * without them gives none (pages then carry the settings' default title alone).
 */
export function readRouteTitles(distDir: string): RouteTitles {
  const titles = {} as RouteTitles;
  for (const language of LANGUAGES) {
    titles[language] = {};
    const file = path.join(distDir, 'locales', language, 'common.json');
    if (!existsSync(file)) continue;
    try {
      flatten((JSON.parse(readFileSync(file, 'utf8')) as { titles?: unknown }).titles, '', titles[language]);
    } catch {
      // An unreadable file: no titles, as without the build.
    }
  }
  return titles;
}
