import { and, count, desc, eq, gt, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { authTokens, files, loginFailures, sessions, type UserRow, users } from '../../db/schema.ts';

export type UserWithPhoto = { user: UserRow; photoId: string | null };

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return row;
}

export async function findUserByGoogleSub(db: Executor, sub: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.googleSub, sub)).limit(1);
  return row;
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

export async function updateUser(
  db: Executor,
  id: number,
  values: Partial<
    Pick<UserRow, 'firstName' | 'lastName' | 'photoFileId' | 'passwordHash' | 'googleSub' | 'emailConfirmedAt'>
  >,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Sets the confirmation time only if it is not set yet. */
export async function confirmUserEmail(db: Executor, id: number) {
  await db
    .update(users)
    .set({ emailConfirmedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), isNull(users.emailConfirmedAt)));
}

export async function findFileOwner(db: Executor, fileId: string): Promise<number | null | undefined> {
  const [row] = await db.select({ ownerId: files.ownerId }).from(files).where(eq(files.id, fileId)).limit(1);
  return row ? row.ownerId : undefined;
}

// Sessions -------------------------------------------------------------------------------------

export async function insertSession(db: Executor, values: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(values);
}

export async function findSessionByHash(db: Executor, tokenHash: string) {
  const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Marks a refresh token spent, only if it still is live: exactly one concurrent caller wins. */
export async function spendSession(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ usedAt: sql`now()` })
    .where(and(eq(sessions.id, id), isNull(sessions.usedAt), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}

export async function revokeFamily(db: Executor, familyId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: Executor, userId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

// Confirmation and reset links -----------------------------------------------------------------

export async function replaceAuthToken(
  db: Executor,
  values: { userId: number; kind: 'confirm' | 'reset'; tokenHash: string; expiresAt: Date },
) {
  // A newer link kills the older ones of the same kind.
  await db
    .delete(authTokens)
    .where(and(eq(authTokens.userId, values.userId), eq(authTokens.kind, values.kind), isNull(authTokens.usedAt)));
  await db.insert(authTokens).values(values);
}

export async function findAuthToken(db: Executor, kind: 'confirm' | 'reset', tokenHash: string) {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.kind, kind), eq(authTokens.tokenHash, tokenHash)))
    .limit(1);
  return row;
}

export async function spendAuthToken(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authTokens.id, id), isNull(authTokens.usedAt), gt(authTokens.expiresAt, sql`now()`)))
    .returning({ id: authTokens.id });
  return rows.length === 1;
}

// Sign-in throttling ---------------------------------------------------------------------------

export async function recordLoginFailure(db: Executor, email: string, ip: string) {
  await db.insert(loginFailures).values({ email: email.toLowerCase(), ip });
}

export async function recentLoginFailures(db: Executor, email: string, windowMs: number) {
  const [row] = await db
    .select({ failures: count(), last: max(loginFailures.createdAt) })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.email, email.toLowerCase()),
        gt(loginFailures.createdAt, sql`now() - make_interval(secs => ${windowMs / 1000})`),
      ),
    );
  return { failures: row?.failures ?? 0, last: row?.last ?? null };
}

export async function clearLoginFailures(db: Executor, email: string) {
  await db.delete(loginFailures).where(eq(loginFailures.email, email.toLowerCase()));
}

export async function latestSessionOf(db: Executor, userId: number) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt))
    .limit(1);
  return row;
}

/** Of these session families, the ones still live: not revoked, not expired, their user active. */
export async function liveSessionFamilies(db: Executor, familyIds: string[], userId?: number): Promise<Set<string>> {
  if (familyIds.length === 0) return new Set();
  const rows = await db
    .select({ familyId: sessions.familyId })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        inArray(sessions.familyId, familyIds),
        ...(userId !== undefined ? [eq(sessions.userId, userId)] : []),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        eq(users.status, 'active'),
      ),
    );
  return new Set(rows.map((row) => row.familyId));
}
