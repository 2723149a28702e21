/**
 * Promised answers by key, each kept `ttlMs` (`ttlMs <= 0` turns the cache off), at most
 * `maxEntries` of them (the oldest goes first). Concurrent misses for one key share one promise; a
 * promise that rejects is forgotten, and so is one that resolves when `keep()` says no any more.
 * The core of count-cache.ts and search-cache.ts.
 */
export function createPromiseCache<Value>(ttlMs: number, maxEntries: number) {
  const entries = new Map<string, { value: Promise<Value>; expiresAt: number }>();

  return {
    get(key: string, produce: () => Promise<Value>, keep: () => boolean = () => true): Promise<Value> {
      if (ttlMs <= 0) return produce();
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now) return hit.value;
      entries.delete(key);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      const value = produce();
      entries.set(key, { value, expiresAt: now + ttlMs });
      const forget = () => {
        if (entries.get(key)?.value === value) entries.delete(key);
      };
      value.then(() => {
        if (!keep()) forget();
      }, forget);
      return value;
    },

    clear() {
      entries.clear();
    },

    get size() {
      return entries.size;
    },
  };
}
