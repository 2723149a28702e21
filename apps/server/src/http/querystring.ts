const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Parses a query string the way the web client writes it: `key[]=a&key[]=b` and repeated `key`
 * become arrays under `key`. Keys that could reach an object's prototype are dropped.
 */
export function parseQueryString(query: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = Object.create(null);
  for (const [rawKey, value] of new URLSearchParams(query)) {
    const isArray = rawKey.endsWith('[]');
    const key = isArray ? rawKey.slice(0, -2) : rawKey;
    if (!key || FORBIDDEN_KEYS.has(key)) continue;
    const existing = result[key];
    if (existing === undefined) result[key] = isArray ? [value] : value;
    else result[key] = [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return { ...result };
}
