import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { calendarFeeds, users } from '../../db/schema.ts';

/** A user's calendar feed row (seed and token hash), or null before the first call. */
export async function findFeed(db: Executor, userId: number) {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row ?? null;
}

/** Makes the user's first feed unless one exists (two first calls at once agree on one). */
export async function insertFeedIfAbsent(db: Executor, userId: number, seed: string, tokenHash: string) {
  await db.insert(calendarFeeds).values({ userId, seed, tokenHash }).onConflictDoNothing();
}

/** Replaces the user's feed (a rotation: the old token hash is gone with the old values). */
export async function upsertFeed(db: Executor, userId: number, seed: string, tokenHash: string) {
  await db
    .insert(calendarFeeds)
    .values({ userId, seed, tokenHash })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { seed, tokenHash, createdAt: new Date() } });
}

/** The active, not deleted user a feed token hash belongs to, and their language; null for anything else. */
export async function feedOwner(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ id: users.id, language: users.language })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.tokenHash, tokenHash), eq(users.status, 'active'), isNull(users.deletedAt)));
  return row ?? null;
}
