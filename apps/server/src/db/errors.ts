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

/** Whether an error is a unique violation of the named index (its name in the message or the driver's field). */
export function isUniqueViolationOf(error: unknown, index: string): boolean {
  if (!isUniqueViolation(error)) return false;
  const e = error as { constraint?: unknown; message?: unknown; cause?: { constraint?: unknown; message?: unknown } };
  return [e.constraint, e.message, e.cause?.constraint, e.cause?.message].some(
    (text) => typeof text === 'string' && text.includes(index),
  );
}

/** Socket errors of a connection that cannot be made or was lost. */
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/**
 * SQLSTATEs of a server that is going away or not taking connections: class 08 (connection
 * exception), 57P01 admin shutdown (`pg_terminate_backend`, a restart), 57P02 crash shutdown,
 * 57P03 cannot connect now (starting up), 53300 too many connections.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
/** What pg, pg-pool and PGlite say when there is no connection to run a query on. */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|is not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end|PGlite is clos(ed|ing)|not currently accepting connections/i;

/**
 * Whether an error means the database is out of reach (refused, dropped, terminated, closed, the
 * pool timing out), not that a query was wrong. Looks through Drizzle's `cause` and AggregateError.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (CONNECTION_ERRNOS.has(e.code) || UNAVAILABLE_SQLSTATE.test(e.code))) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
