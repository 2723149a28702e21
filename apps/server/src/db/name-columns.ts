import type { AnyPgColumn } from 'drizzle-orm/pg-core';

const NAME_KEYS = ['firstName', 'lastName', 'firstNameAr', 'lastNameAr', 'firstNameEn', 'lastNameEn'] as const;
type NameKey = (typeof NAME_KEYS)[number];

/**
 * A user's name as written and as spelled for Arabic and English pages (ADR 020), for a select
 * from `users` or an alias of it; the presenter picks the request language's with `nameIn`.
 */
export function nameColumns<T extends Record<NameKey, AnyPgColumn>>(table: T): Pick<T, NameKey> {
  return {
    firstName: table.firstName,
    lastName: table.lastName,
    firstNameAr: table.firstNameAr,
    lastNameAr: table.lastNameAr,
    firstNameEn: table.firstNameEn,
    lastNameEn: table.lastNameEn,
  };
}
