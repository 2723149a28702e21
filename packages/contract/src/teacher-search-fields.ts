import { toAsciiDigits } from './digits.ts';
import { kwdTextOrNull } from './kwd.ts';

/**
 * The teacher search's address fields read without zod, for the pages a guest opens first (the
 * search island must not carry the schema library; ADR 038). Each reader accepts exactly what
 * `teacherSearchQuerySchema` (discovery.ts) accepts for that parameter and gives the same value;
 * `teacher-search-fields.test.ts` checks that agreement on every kind of input.
 */

export const TEACHER_SORT_FIELDS = ['averageRating', 'experience', 'hourlyRate', 'bookingsCount', 'createdAt'] as const;
export type TeacherSortField = (typeof TEACHER_SORT_FIELDS)[number];
export const TEACHER_SORT_ORDERS = ['ASC', 'DESC', 'asc', 'desc'] as const;
export type TeacherSortOrderParam = (typeof TEACHER_SORT_ORDERS)[number];

/** The highest page a list may ask for (list.ts, `pageQuery`). */
export const MAX_LIST_PAGE = 10_000;

/** `Number(text)` as `z.coerce.number()` reads it: a finite number, else undefined. */
function coerced(text: string): number | undefined {
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

function inRange(value: number | undefined, min: number, max: number, integer: boolean): number | undefined {
  if (value === undefined || value < min || value > max) return undefined;
  return integer && !Number.isSafeInteger(value) ? undefined : value;
}

/** YYYY-MM-DD of a real calendar day (as `z.iso.date()`: years 0000-9999, 29 February of leap years). */
export function readIsoDate(text: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return undefined;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days ? text : undefined;
}

export const teacherSearchFieldReaders = {
  /** Whole years, 0 to 80. */
  minExperience: (text: string) => inRange(coerced(toAsciiDigits(text)), 0, 80, true),
  /** KWD, 0 to 100,000, typed as the amount fields accept it. */
  maxHourlyRate: (text: string) => inRange(coerced(kwdTextOrNull(text) ?? text), 0, 100_000, false),
  /** 0 to 5. */
  minRating: (text: string) => inRange(coerced(toAsciiDigits(text)), 0, 5, false),
  availableOn: readIsoDate,
  sortBy: (text: string): TeacherSortField | undefined =>
    (TEACHER_SORT_FIELDS as readonly string[]).includes(text) ? (text as TeacherSortField) : undefined,
  sortOrder: (text: string): TeacherSortOrderParam | undefined =>
    (TEACHER_SORT_ORDERS as readonly string[]).includes(text) ? (text as TeacherSortOrderParam) : undefined,
  /** A list's `?page`: 1 to 10,000; absent is 1 (as the schema's default). */
  page: (text: string | undefined) => (text === undefined ? 1 : inRange(coerced(text), 1, MAX_LIST_PAGE, true)),
} as const;
