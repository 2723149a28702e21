/**
 * A fresh Idempotency-Key (a v4 UUID). crypto.randomUUID exists only in secure contexts; plain
 * http on a LAN address falls back to getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One confirm attempt: the key is reused while the request body stays the same (a retry after a
 * failure), and a new one is made when anything in it changed (the server refuses a key reused
 * with another body). The server stores only successful answers, so a retry after a refusal runs
 * again.
 */
export type IdempotentAttempt = { key: string; fingerprint: string };

export function attemptFor(previous: IdempotentAttempt | undefined, body: unknown): IdempotentAttempt {
  const fingerprint = JSON.stringify(body);
  if (previous && previous.fingerprint === fingerprint) return previous;
  return { key: newIdempotencyKey(), fingerprint };
}
