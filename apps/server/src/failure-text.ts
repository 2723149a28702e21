/**
 * One line saying what failed and why, for stderr (the server's start, the operator commands): an
 * error's message (its first line; Drizzle's "Failed query: <sql>" as the statement on one line),
 * then each `cause` in turn (Drizzle keeps the database's own error there, so a failed migration
 * says "permission denied for database ustaz", not only which statement failed), an
 * AggregateError's errors (a connection refused on every address of a host), and the SQLSTATE.
 * Never "[object Object]": an object that is no Error is described by its message, code or JSON.
 */
export function describeFailure(error: unknown, depth = 0): string {
  if (depth > 5) return '...';
  if (error === null || typeof error !== 'object') return String(error);
  const e = error as { message?: unknown; code?: unknown; errors?: unknown; cause?: unknown; name?: unknown };
  const message = typeof e.message === 'string' ? oneLine(e.message) : '';
  const inner = Array.isArray(e.errors) ? [...new Set(e.errors.map((x) => describeFailure(x, depth + 1)))] : [];
  const code = typeof e.code === 'string' || typeof e.code === 'number' ? String(e.code) : '';
  let text = message || inner.join('; ') || code || (typeof e.name === 'string' ? e.name : '') || jsonOf(error);
  if (message && inner.length > 0) text += ` (${inner.join('; ')})`;
  // A PostgreSQL error's SQLSTATE (five characters); a system error's code is in its message already.
  if (/^[0-9A-Z]{5}$/.test(code) && text !== code) text += ` (SQLSTATE ${code})`;
  if (e.cause !== undefined && e.cause !== error) text += `: ${describeFailure(e.cause, depth + 1)}`;
  return text;
}

/** Drizzle's "Failed query: <sql>\nparams: ..." as the statement on one line, without comments; else the first line. */
function oneLine(message: string): string {
  const failed = /^Failed query: ([\s\S]*?)(?:\nparams:[\s\S]*)?$/.exec(message);
  if (!failed) return (message.split('\n')[0] ?? '').trim();
  const statement = (failed[1] ?? '')
    .replace(/--[^\n]*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `Failed query: ${statement.length > 160 ? `${statement.slice(0, 157)}...` : statement}`;
}

function jsonOf(value: object): string {
  try {
    return JSON.stringify(value)?.slice(0, 500) ?? Object.prototype.toString.call(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
