import type { Language } from '@ustaz/contract/constants';
import { INTL_LOCALES } from '../format.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The one cache of `Intl.DateTimeFormat`s (dates.test.ts fails on a file outside shared/lib/dates/ that builds one):
 * they are costly to build and a list formats every row, so there is one per locale and options.
 */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, format);
  }
  return format;
}

/** The same locale tags as the money and number formats (format.ts), so digits match. */
export function intlLocale(language: Language): string {
  return INTL_LOCALES[language];
}

/** An instant (the API's UTC ISO string or a Date) or null for a bad one. */
export function instantOf(instant: string | Date): Date | null {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An instant in the viewer's language with these options; empty for a bad date. */
export function formatInstant(instant: string | Date, language: Language, options: Intl.DateTimeFormatOptions): string {
  const date = instantOf(instant);
  return date ? dateTimeFormat(intlLocale(language), options).format(date) : '';
}

/** Only a zone that is given, so that none means the viewer's (the browser's). */
export function zoneOption(timeZone: string | undefined): { timeZone?: string } {
  return timeZone ? { timeZone } : {};
}
