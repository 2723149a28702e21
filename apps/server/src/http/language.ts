import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@ustaz/contract';
import type { FastifyRequest } from 'fastify';

/** The request's language: `?lang`, then the first language of Accept-Language, then ar. */
export function requestLanguage(request: FastifyRequest): Language {
  const query = request.query as Record<string, unknown> | undefined;
  if (isLanguage(query?.lang)) return query.lang;
  const header = request.headers['accept-language'];
  if (typeof header === 'string') {
    for (const part of header.split(',')) {
      const base = part.trim().split(';')[0]?.split('-')[0]?.toLowerCase();
      if (isLanguage(base)) return base;
    }
  }
  return DEFAULT_LANGUAGE;
}

/** Bilingual content in the request language, falling back to the other one when it is empty. */
export function localized(language: Language, ar: string, en: string): string {
  return language === 'en' ? en || ar : ar || en;
}

/** A user's name as written and as spelled for each language's pages (ADR 020). */
export type NameSpellings = {
  firstName: string;
  lastName: string;
  firstNameAr: string | null;
  lastNameAr: string | null;
  firstNameEn: string | null;
  lastNameEn: string | null;
};

/** A user's name on a page in `language`: the language's spelling when there is one, else as written (ADR 020). */
export function nameIn(language: Language, row: NameSpellings): { firstName: string; lastName: string } {
  const [first, last] = language === 'en' ? [row.firstNameEn, row.lastNameEn] : [row.firstNameAr, row.lastNameAr];
  return first && last ? { firstName: first, lastName: last } : { firstName: row.firstName, lastName: row.lastName };
}

/** The full name on a page in `language` (ADR 020), first and last in one string. */
export function fullNameIn(language: Language, row: NameSpellings): string {
  const { firstName, lastName } = nameIn(language, row);
  return `${firstName} ${lastName}`.trim();
}
