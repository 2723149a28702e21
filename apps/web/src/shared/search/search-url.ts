import type { Language } from '@ustaz/contract/constants';
import { localePath } from '../i18n/language.ts';

/** The query parameter holding the search box text on /{lang}/search. */
export const SEARCH_TEXT_PARAM = 'q';

/** The page number of the results; a new query or new filters start again at the first page. */
const PAGE_PARAM = 'page';

/**
 * The fields of the teacher-search filter dialog as they appear in the search page address
 * (spec 3 "Search filter params"; the text is `q` and the subjects belong to the subject modal).
 */
export const TEACHER_FILTER_KEYS = [
  'minExperience',
  'maxHourlyRate',
  'minRating',
  'availableOn',
  'sortBy',
  'sortOrder',
] as const;
export type TeacherFilterKey = (typeof TEACHER_FILTER_KEYS)[number];

/** The filter values read from the address: only the ones present, as text. */
export type TeacherSearchFilters = Partial<Record<TeacherFilterKey, string>>;

/** What the filter dialog gives back; an empty, null or undefined value removes that filter. */
export type TeacherSearchFilterInput = Partial<Record<TeacherFilterKey, string | number | null | undefined>>;

/** The data the search box gives the TEACHER_SEARCH modal. */
export type TeacherSearchDialogData = {
  initialValues: TeacherSearchFilters;
  onSearch: (values: TeacherSearchFilterInput) => void;
};

/** Where to go and how: `replace` updates the current history entry instead of adding one. */
export type SearchNavigation = { to: string; replace: boolean };

type LocationLike = { pathname: string; search: string };

/** The search page of a language: `/ar/search`. */
export function searchPath(language: Language): string {
  return localePath(language, '/search');
}

/** Whether the location is the search page of this language (a trailing slash allowed). */
export function isSearchPage(pathname: string, language: Language): boolean {
  return pathname.replace(/\/+$/, '') === searchPath(language);
}

function withQuery(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The query string with the search text applied: trimmed; empty text removes `q`; the page is
 * dropped (a new text starts at page 1); every other parameter is kept as it is.
 */
export function applySearchText(search: string, text: string): URLSearchParams {
  const params = new URLSearchParams(search);
  const before = params.get(SEARCH_TEXT_PARAM);
  const trimmed = text.trim();
  if (trimmed) params.set(SEARCH_TEXT_PARAM, trimmed);
  else params.delete(SEARCH_TEXT_PARAM);
  if (params.get(SEARCH_TEXT_PARAM) !== before) params.delete(PAGE_PARAM);
  return params;
}

/**
 * Where typing `text` in the search box leads (spec 2 "Search box"). On the search page the
 * address is updated in place, replacing the history entry, with the other parameters kept;
 * null when nothing would change. Elsewhere (home) a non-empty text opens the search page with
 * only `q`, as a new entry so Back returns to the page the visitor came from; empty text stays.
 */
export function buildSearchUrl(location: LocationLike, language: Language, text: string): SearchNavigation | null {
  if (isSearchPage(location.pathname, language)) {
    const params = applySearchText(location.search, text);
    const current = new URLSearchParams(location.search);
    if (params.toString() === current.toString()) return null;
    return { to: withQuery(searchPath(language), params), replace: true };
  }
  if (!text.trim()) return null;
  return { to: withQuery(searchPath(language), applySearchText('', text)), replace: false };
}

/** The filter values present in a query string, for the dialog's initial values. */
export function readSearchFilters(search: string): TeacherSearchFilters {
  const params = new URLSearchParams(search);
  const values: TeacherSearchFilters = {};
  for (const key of TEACHER_FILTER_KEYS) {
    const value = params.get(key);
    if (value) values[key] = value;
  }
  return values;
}

/**
 * Where the filter dialog's search leads: the search page with the box's current text as `q`,
 * each given filter set (or removed when empty) and the page reset. On the search page the other
 * parameters are kept and the entry replaced; elsewhere the search page opens as a new entry.
 */
export function buildFilterSearchUrl(
  location: LocationLike,
  language: Language,
  values: TeacherSearchFilterInput,
  text: string,
): SearchNavigation {
  const onSearchPage = isSearchPage(location.pathname, language);
  const params = applySearchText(onSearchPage ? location.search : '', text);
  for (const key of TEACHER_FILTER_KEYS) {
    if (!(key in values)) continue;
    const value = values[key];
    const textValue = value === null || value === undefined ? '' : String(value).trim();
    if (textValue) params.set(key, textValue);
    else params.delete(key);
  }
  params.delete(PAGE_PARAM);
  return { to: withQuery(searchPath(language), params), replace: onSearchPage };
}
