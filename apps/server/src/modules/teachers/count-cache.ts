import { createPromiseCache } from './promise-cache.ts';

/**
 * Totals of teacher searches, kept for a short time. Counting every match of a broad search (all
 * 10k teachers, a subject, a day) costs milliseconds of database time per request, far more than
 * the page itself; a total a few seconds old is fine for "page 2 of 37" while the rows on the
 * page are always read fresh. Concurrent misses for one key share one query. `ttlMs <= 0` turns
 * the cache off. Each server process keeps its own; writes this process makes clear it.
 */
export function createCountCache<Total = number>(ttlMs: number, maxEntries = 2_000) {
  const cache = createPromiseCache<Total>(ttlMs, maxEntries);
  return {
    get: (key: string, count: () => Promise<Total>): Promise<Total> => cache.get(key, count),
    clear: () => cache.clear(),
  };
}

export type CountCache<Total = number> = ReturnType<typeof createCountCache<Total>>;
