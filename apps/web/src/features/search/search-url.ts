import { TEACHER_SORT_FIELDS, teacherSearchFieldReaders } from '@ustaz/contract';
import { TEACHER_FILTER_KEYS, type TeacherFilterKey } from '../../shared/search/search-url.ts';
import type { TeacherSearchParams } from '../../shared/teachers/api.ts';

/** The search page is driven by its address (spec 2 "Search page", 3 "Search filter params"). */

export type TeacherSortField = (typeof TEACHER_SORT_FIELDS)[number];
export type SortOrder = 'ASC' | 'DESC';

export const SORT_FIELDS: readonly TeacherSortField[] = TEACHER_SORT_FIELDS;
export const SORT_ORDERS: readonly SortOrder[] = ['DESC', 'ASC'];

/** The fields of the teacher-search filter dialog, each one query parameter of the same name. */
export const FILTER_FIELDS = TEACHER_FILTER_KEYS;
export type FilterField = TeacherFilterKey;

export type TeacherFilterValues = {
  minExperience?: number;
  maxHourlyRate?: number;
  minRating?: number;
  /** YYYY-MM-DD */
  availableOn?: string;
  sortBy?: TeacherSortField;
  sortOrder?: SortOrder;
};

/** Everything the search page reads from its address. */
export type SearchState = TeacherFilterValues & {
  /** Free text, sent to the API as `search`. */
  q: string;
  /** One subject: an id or a name. */
  subject: string;
  customSubjects: string[];
  mostFamous: boolean;
  mostBooked: boolean;
  page: number;
};

/** What the page may change; an empty, undefined or false value removes the parameter. */
export type SearchPatch = Partial<{
  q: string;
  subject: string;
  customSubjects: readonly string[];
  mostFamous: boolean;
  mostBooked: boolean;
  page: number;
}> & { [K in FilterField]?: TeacherFilterValues[K] };

export const SEARCH_PARAM_KEYS = [
  'q',
  'subject',
  'customSubjects',
  'mostFamous',
  'mostBooked',
  'page',
  ...FILTER_FIELDS,
] as const;

/** Teachers per page of results: 1, 2 or 3 columns always fill their rows. */
export const SEARCH_PAGE_SIZE = 12;

/** The API limits text search to 100 characters and subjects[] to 20 values. */
export const QUERY_MAX_LENGTH = 100;
const MAX_SUBJECTS = 20;
const CUSTOM_SUBJECTS_SEPARATOR = ',';

/**
 * One filter value from text (the address, a form field or the dialog's initial values), checked
 * with the contract's own rule for that parameter (its zod-free reader, which a contract test holds
 * to the schema); anything blank or invalid gives undefined.
 */
export function parseFilterField<K extends FilterField>(field: K, raw: unknown): TeacherFilterValues[K] | undefined {
  if (raw === undefined || raw === null || typeof raw === 'object') return undefined;
  const text = String(raw).trim();
  if (!text) return undefined;
  const value = teacherSearchFieldReaders[field](field === 'sortOrder' ? text.toUpperCase() : text);
  return value as TeacherFilterValues[K] | undefined;
}

/** Only the fields that hold a value (an object safe to put in a query key or compare). */
export function readFilterValues(source: unknown): TeacherFilterValues {
  const values: TeacherFilterValues = {};
  if (!source || typeof source !== 'object') return values;
  const record = source as Record<string, unknown>;
  for (const field of FILTER_FIELDS) {
    const value = parseFilterField(field, record[field]);
    if (value !== undefined) (values as Record<FilterField, unknown>)[field] = value;
  }
  return values;
}

/** `"Chess, ,Robotics,chess"` -> `['Chess', 'Robotics']`: trimmed, blanks dropped, duplicates (any case) once. */
export function splitCustomSubjects(value: string | null | undefined): string[] {
  if (!value) return [];
  const seen = new Set<string>();
  const list: string[] = [];
  for (const part of value.split(CUSTOM_SUBJECTS_SEPARATOR)) {
    const name = part.trim();
    const key = name.toLocaleLowerCase();
    if (!name || seen.has(key)) continue;
    seen.add(key);
    list.push(name);
  }
  return list;
}

/** The comma-joined form of spec 2; an empty list gives '' (the parameter is then removed). */
export function joinCustomSubjects(list: readonly string[]): string {
  return list
    .map((name) => name.trim())
    .filter(Boolean)
    .join(CUSTOM_SUBJECTS_SEPARATOR);
}

function isTrue(value: string | null): boolean {
  return value === 'true' || value === '1';
}

/** Reads the search page's address; invalid values are ignored, never sent. */
export function readSearchState(params: URLSearchParams): SearchState {
  const page = teacherSearchFieldReaders.page(params.get('page') ?? undefined);
  return {
    q: (params.get('q') ?? '').trim().slice(0, QUERY_MAX_LENGTH),
    subject: (params.get('subject') ?? '').trim(),
    customSubjects: splitCustomSubjects(params.get('customSubjects')),
    mostFamous: isTrue(params.get('mostFamous')),
    mostBooked: isTrue(params.get('mostBooked')),
    page: page ?? 1,
    ...readFilterValues(Object.fromEntries(FILTER_FIELDS.map((field) => [field, params.get(field)]))),
  };
}

function toParamValue(key: keyof SearchPatch, value: unknown): string {
  if (value === undefined || value === null || value === false) return '';
  if (key === 'customSubjects' && Array.isArray(value)) return joinCustomSubjects(value);
  if (key === 'page') return typeof value === 'number' && value > 1 ? String(Math.floor(value)) : '';
  return String(value).trim();
}

/**
 * A copy of `current` with the patch applied: values trimmed, empty ones removed. Any change
 * other than the page itself goes back to page 1 (the page parameter is removed).
 */
export function writeSearchParams(current: URLSearchParams, patch: SearchPatch): URLSearchParams {
  const next = new URLSearchParams(current);
  if (!('page' in patch)) next.delete('page');
  for (const [key, value] of Object.entries(patch) as [keyof SearchPatch, unknown][]) {
    const text = toParamValue(key, value);
    if (text) next.set(key, text);
    else next.delete(key);
  }
  return next;
}

/** The address without any search parameter (other parameters are kept). */
export function clearSearchParams(current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of SEARCH_PARAM_KEYS) next.delete(key);
  return next;
}

/** subject then the custom subjects, without blanks or repeats, at most 20 (the API's limit). */
export function subjectsOf(state: Pick<SearchState, 'subject' | 'customSubjects'>): string[] {
  const seen = new Set<string>();
  const list: string[] = [];
  for (const raw of [state.subject, ...state.customSubjects]) {
    const name = raw.trim();
    const key = name.toLocaleLowerCase();
    if (!name || seen.has(key)) continue;
    seen.add(key);
    list.push(name);
  }
  return list.slice(0, MAX_SUBJECTS);
}

/** The teacher search request of a search state: q is sent as `search`, subjects as `subjects[]`. */
export function toTeacherSearchParams(state: SearchState, limit = SEARCH_PAGE_SIZE): TeacherSearchParams {
  const subjects = subjectsOf(state);
  return {
    ...(state.q ? { search: state.q } : {}),
    ...filterValuesOf(state),
    ...(state.mostFamous ? { mostFamous: true } : {}),
    ...(state.mostBooked ? { mostBooked: true } : {}),
    ...(subjects.length > 0 ? { subjects } : {}),
    page: state.page,
    limit,
  };
}

/** The dialog's fields of a search state. */
export function filterValuesOf(state: TeacherFilterValues): TeacherFilterValues {
  return readFilterValues(state);
}
