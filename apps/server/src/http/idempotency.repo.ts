import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
type KeyOf = { userId: number; key: string };

const keyIs = ({ userId, key }: KeyOf) => and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

/** Claims the key for this request; false when another request holds it already. */
export async function claimIdempotencyKey(db: Db, claim: KeyOf & { scope: string; requestHash: string }) {
  const inserted = await db
    .insert(idempotencyKeys)
    .values(claim)
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return inserted.length > 0;
}

export async function findIdempotencyKey(db: Db, of: KeyOf): Promise<IdempotencyKeyRow | undefined> {
  const [existing] = await db.select().from(idempotencyKeys).where(keyIs(of));
  return existing;
}

/** Drops the key if its request is still unfinished and began before `startedBefore` (abandoned). */
export async function dropAbandonedIdempotencyKey(db: Db, of: KeyOf, startedBefore: Date): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(keyIs(of), isNull(idempotencyKeys.completedAt), lt(idempotencyKeys.createdAt, startedBefore)));
}

export async function completeIdempotencyKey(db: Db, of: KeyOf, response: object): Promise<void> {
  await db.update(idempotencyKeys).set({ response, statusCode: 200, completedAt: new Date() }).where(keyIs(of));
}

/** Releases an unfinished key (its request failed), so the same key may run again. */
export async function dropPendingIdempotencyKey(db: Db, of: KeyOf): Promise<void> {
  await db.delete(idempotencyKeys).where(and(keyIs(of), isNull(idempotencyKeys.completedAt)));
}
