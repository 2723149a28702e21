import {
  DEFAULT_LANGUAGE,
  directionOf,
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
  prefixedPath,
  STORAGE_KEYS,
} from '@ustaz/contract/constants';

export function readStoredLanguage(storage: Pick<Storage, 'getItem' | 'setItem'>): Language {
  let stored: string | null = null;
  try {
    stored = storage.getItem(STORAGE_KEYS.language);
  } catch {
    return DEFAULT_LANGUAGE;
  }
  if (isLanguage(stored)) return stored;
  // An unsupported stored language is reset to the default.
  if (stored !== null) storeLanguage(storage, DEFAULT_LANGUAGE);
  return DEFAULT_LANGUAGE;
}

/**
 * Stores the language (local storage, spec 2) and mirrors it in the cookie the server reads for `/`
 * and other unprefixed paths, so the server follows the spec's order too: path, stored language,
 * browser language (ADR 004).
 */
export function storeLanguage(
  storage: Pick<Storage, 'setItem'>,
  language: Language,
  doc: Pick<Document, 'cookie'> | undefined = typeof document === 'undefined' ? undefined : document,
): void {
  try {
    storage.setItem(STORAGE_KEYS.language, language);
  } catch {
    // Private mode or a full quota: the path still carries the language.
  }
  if (doc) storeLanguageChoice(language, doc);
}

type Resolution = { language: Language; redirectTo: string | null };

/**
 * Decides the language of a location (spec 2, "Language handling"): the first path segment
 * when supported; otherwise the path is redirected to the stored language, or ar, with the
 * unsupported prefix replaced (`/fr/teachers`) or a prefix added (`/teachers`).
 */
export function resolveLanguage(
  location: { pathname: string; search?: string; hash?: string },
  storedLanguage: Language | null,
): Resolution {
  const segments = location.pathname.split('/');
  const first = segments[1] ?? '';
  if (isLanguage(first)) return { language: first, redirectTo: null };
  const language = storedLanguage ?? DEFAULT_LANGUAGE;
  return {
    language,
    redirectTo: `${prefixedPath(location.pathname, language)}${location.search ?? ''}${location.hash ?? ''}`,
  };
}

/**
 * Remembers a language (the stored one, or the switcher's choice) in a cookie the server reads
 * when `/` (or another unprefixed path) is opened: it wins over the browser's language (ADR 004).
 */
export function storeLanguageChoice(language: Language, doc: Pick<Document, 'cookie'> = document): void {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${LANGUAGE_COOKIE.name}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE.maxAgeSeconds}; SameSite=Lax${secure}`;
}

/** The same location in another language: only the first segment changes. */
export function switchLanguagePath(
  location: { pathname: string; search?: string; hash?: string },
  target: Language,
): string {
  const segments = location.pathname.split('/');
  if (isLanguage(segments[1])) segments[1] = target;
  else segments.splice(1, 0, target);
  const pathname = segments.join('/').replace(/\/$/, '') || `/${target}`;
  return `${pathname}${location.search ?? ''}${location.hash ?? ''}`;
}

/** The one function that sets `<html lang dir>`. */
export function applyDocumentLanguage(language: Language, root: HTMLElement = document.documentElement): void {
  root.lang = language;
  root.dir = directionOf(language);
}

/** Prefixes an app path with the language: `localePath('ar', '/teachers')` is `/ar/teachers`. */
export function localePath(language: Language, path = '/'): string {
  if (path === '/' || path === '') return `/${language}`;
  return `/${language}${path.startsWith('/') ? path : `/${path}`}`;
}
