import { DEFAULT_LANGUAGE, directionOf, isLanguage, type Language, STORAGE_KEYS } from '@ustaz/contract/constants';

/** A first segment that looks like a language code (`fr`, `en-US`) rather than a page name. */
const LANGUAGE_LIKE = /^[a-z]{2}(-[a-z]{2,4})?$/i;

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

export function storeLanguage(storage: Pick<Storage, 'setItem'>, language: Language): void {
  try {
    storage.setItem(STORAGE_KEYS.language, language);
  } catch {
    // Private mode or a full quota: the path still carries the language.
  }
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
  const rest = LANGUAGE_LIKE.test(first) ? segments.slice(2) : segments.slice(1);
  const tail = rest.filter((segment, index) => segment !== '' || index === rest.length - 1).join('/');
  const pathname = tail ? `/${language}/${tail}` : `/${language}`;
  return {
    language,
    redirectTo: `${pathname.replace(/\/$/, '') || `/${language}`}${location.search ?? ''}${location.hash ?? ''}`,
  };
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
