import type { Db } from '../../db/client.ts';
import { liveSessionFamilies } from './auth.repo.ts';
import type { AccessClaims } from './tokens.ts';

/** How long a session's answer is reused; also the longest a revocation elsewhere takes to bite. */
const DEFAULT_TTL_MS = 5_000;
const DEFAULT_MAX_ENTRIES = 20_000;

type Entry = { userId: number; live: Promise<boolean>; expiresAt: number };

/**
 * Whether the session behind an access token is still live: not logged out, not revoked by a
 * password reset or a suspension, its user active. An access token is a signed promise for 15
 * minutes; this check makes a suspension or a logout bite within `ttlMs` on every process (at
 * once on the process that made it, through `forget*`), at the cost of one indexed query per
 * session family and `ttlMs`, shared by concurrent requests.
 */
export function createSessionLiveness(db: Db, { ttlMs = DEFAULT_TTL_MS, maxEntries = DEFAULT_MAX_ENTRIES } = {}) {
  const entries = new Map<string, Entry>();

  function remember(familyId: string, entry: Entry) {
    entries.delete(familyId);
    if (entries.size >= maxEntries) {
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    entries.set(familyId, entry);
  }

  return {
    isLive(claims: AccessClaims): Promise<boolean> {
      const now = Date.now();
      const hit = entries.get(claims.sessionFamily);
      if (hit && hit.expiresAt > now && hit.userId === claims.userId) return hit.live;
      const live = liveSessionFamilies(db, [claims.sessionFamily], claims.userId).then((set) =>
        set.has(claims.sessionFamily),
      );
      remember(claims.sessionFamily, { userId: claims.userId, live, expiresAt: now + ttlMs });
      live.catch(() => {
        if (entries.get(claims.sessionFamily)?.live === live) entries.delete(claims.sessionFamily);
      });
      return live;
    },

    /** A session ended on this process (logout): refuse its tokens now. */
    forgetFamily(familyId: string) {
      entries.delete(familyId);
    },

    /** Every session of a user ended (password reset, suspension): refuse their tokens now. */
    forgetUser(userId: number) {
      for (const [familyId, entry] of entries) if (entry.userId === userId) entries.delete(familyId);
    },
  };
}

export type SessionLiveness = ReturnType<typeof createSessionLiveness>;

/**
 * Which of these session families are live now, uncached (the socket layer asks at connect and in
 * its periodic sweep): the module's answer, so code outside auth never reads auth's repo.
 */
export function liveFamiliesOf(db: Db, families: string[], userId?: number): Promise<Set<string>> {
  return liveSessionFamilies(db, families, userId);
}
