/** PostgreSQL error codes (SQLSTATE) the services react to. Drizzle wraps driver errors in `cause`. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_EXCLUSION_VIOLATION = '23P01';
/** Text the database cannot hold, such as U+0000 ("invalid byte sequence for encoding UTF8: 0x00"). */
export const PG_UNTRANSLATABLE_TEXT = '22021';
/** A number too large for its column, such as an id past 2^31 - 1 ("integer out of range"). */
export const PG_NUMERIC_OUT_OF_RANGE = '22003';

export function pgErrorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = typeof e?.code === 'string' ? e.code : e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === PG_UNIQUE_VIOLATION;
export const isExclusionViolation = (error: unknown) => pgErrorCode(error) === PG_EXCLUSION_VIOLATION;
