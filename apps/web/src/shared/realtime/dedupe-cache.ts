import { CHAT } from '@ustaz/contract/constants';

export type DedupeCache = {
  /** True when the key was seen within the expiry (a duplicate); otherwise remembers it and returns false. */
  seen(key: string): boolean;
  readonly size: number;
  clear(): void;
};

type Options = { maxEntries?: number; expiryMs?: number; dropFraction?: number; now?: () => number };

/**
 * The de-duplication cache of incoming chat messages (spec 9): keys expire after 30 s, at most
 * 100 are kept, and going over the cap drops the oldest 20 %.
 */
export function createDedupeCache({
  maxEntries = CHAT.dedupeMaxEntries,
  expiryMs = CHAT.dedupeExpiryMs,
  dropFraction = CHAT.dedupeDropFraction,
  now = Date.now,
}: Options = {}): DedupeCache {
  // A Map keeps insertion order: the first entries are the oldest.
  const entries = new Map<string, number>();

  function dropExpired(at: number) {
    for (const [key, storedAt] of entries) {
      if (at - storedAt < expiryMs) break;
      entries.delete(key);
    }
  }

  function dropOldest() {
    let count = Math.max(1, Math.ceil(maxEntries * dropFraction));
    for (const key of entries.keys()) {
      if (count-- <= 0) break;
      entries.delete(key);
    }
  }

  return {
    seen(key) {
      const at = now();
      dropExpired(at);
      if (entries.has(key)) return true;
      entries.set(key, at);
      if (entries.size > maxEntries) dropOldest();
      return false;
    },
    get size() {
      return entries.size;
    },
    clear() {
      entries.clear();
    },
  };
}

/** Spec 9: a message is the same when its id and creation time are. */
export function messageKey(message: { id: number; createdAt: string }): string {
  return `${message.id}|${message.createdAt}`;
}
