import { createPromiseCache } from './promise-cache.ts';

/**
 * Hot teacher searches kept in memory as their finished JSON bodies (ADR 007, issue 19): the home
 * carousels and the common subject and text searches are asked thousands of times between two
 * changes, and the database work of one (page, subjects, total) costs far more than the answer.
 *
 * Freshness: `clear()` drops every entry and bumps the generation; the teachers service calls it
 * when the database tells it a change to teachers, their subjects, slots or names committed
 * (`Database.onCatalogueChange`, migration 0025), in this process or another. The connection that
 * commits a change hears it before its COMMIT answers, so the person who made the change never
 * reads an answer from before it; other processes hear it within milliseconds. An answer whose
 * work started before a clear is handed to those who asked but not kept (it may have read the
 * old rows). `ttlMs` bounds what nothing notifies (time passing: a slot of "today" that started);
 * `ttlMs <= 0` turns the cache off. Concurrent misses for one key share one piece of work.
 */
export function createSearchCache(ttlMs: number, maxEntries = 2_000) {
  const cache = createPromiseCache<string>(ttlMs, maxEntries);
  let generation = 0;

  return {
    get(key: string, produce: () => Promise<string>): Promise<string> {
      const started = generation;
      return cache.get(key, produce, () => generation === started);
    },

    clear() {
      generation += 1;
      cache.clear();
    },

    get size() {
      return cache.size;
    },
  };
}

export type SearchCache = ReturnType<typeof createSearchCache>;
