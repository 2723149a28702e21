import { and, count, eq, gt, inArray, isNull, lt, max, ne, or, sql } from 'drizzle-orm';
import { type Db, type Executor, rawQueryOf } from '../../db/client.ts';
import { insertedRow } from '../../db/rows.ts';
import {
  authTokens,
  files,
  loginFailures,
  mailOutbox,
  reservations,
  sessions,
  teacherProfiles,
  timeSlots,
  type UserRow,
  users,
} from '../../db/schema.ts';
import type { NameSpellings } from '../../http/language.ts';
import type { UserBodyRow } from './user.presenter.ts';

export type UserWithPhoto = { user: UserRow; photoId: string | null };

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * GET /auth/me's read, the busiest signed-in request: one primary-key lookup of the columns the
 * answer needs, in plain SQL (the query builder was 10% of the request's CPU; ARCHITECTURE.md
 * "Budgets" lets hot reads skip it).
 */
export async function findUserForMe(db: Db, id: number): Promise<(UserBodyRow & Pick<UserRow, 'status'>) | undefined> {
  const { rows } = await rawQueryOf(db)<UserBodyRow & Pick<UserRow, 'status'>>(
    `select id, email, first_name as "firstName", last_name as "lastName", first_name_ar as "firstNameAr",
       last_name_ar as "lastNameAr", first_name_en as "firstNameEn", last_name_en as "lastNameEn", role_id as "roleId",
       photo_file_id::text as "photoFileId", provider, email_confirmed_at as "emailConfirmedAt",
       created_at as "createdAt", time_zone as "timeZone", status
     from users where id = $1`,
    [id],
  );
  return rows[0];
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
  return insertedRow(db.insert(users).values(values).returning(), 'insert into users returned no row');
}

export async function updateUser(
  db: Executor,
  id: number,
  values: Partial<
    Pick<UserRow, keyof NameSpellings | 'photoFileId' | 'passwordHash' | 'googleSub' | 'emailConfirmedAt' | 'timeZone'>
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

/** Whether the user's e-mail is confirmed already (a spent confirmation link then says so). */
export async function isEmailConfirmed(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ at: users.emailConfirmedAt }).from(users).where(eq(users.id, id)).limit(1);
  return Boolean(row?.at);
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

/**
 * Marks a refresh token spent at `at` (the issue time of the pair that replaces it), only if it
 * still is live: exactly one concurrent caller wins.
 */
export async function spendSession(db: Executor, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ usedAt: at })
    .where(and(eq(sessions.id, id), isNull(sessions.usedAt), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}

/** Ends a session family (of `userId` when given); the number of its tokens that were still live. */
export async function revokeFamily(db: Executor, familyId: string, userId?: number): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.familyId, familyId),
        ...(userId !== undefined ? [eq(sessions.userId, userId)] : []),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

/** Ends every session of a user but one family (a password change); the families it ended. */
export async function revokeOtherSessions(db: Executor, userId: number, keepFamilyId: string): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), ne(sessions.familyId, keepFamilyId), isNull(sessions.revokedAt)))
    .returning({ familyId: sessions.familyId });
  return [...new Set(rows.map((row) => row.familyId))];
}

/** Whether this user signed in from this address since `sinceMs` ago (a client the owner uses). */
export async function signedInFromRecently(db: Executor, userId: number, ip: string, sinceMs: number) {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        eq(sessions.ip, ip),
        gt(sessions.createdAt, sql`now() - make_interval(secs => ${sinceMs / 1000})`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function revokeUserSessions(db: Executor, userId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

// Confirmation and reset links -----------------------------------------------------------------

/** What a mailed link is for: confirming the e-mail, resetting the password, signing in once. */
export type AuthTokenKind = (typeof authTokens.$inferSelect)['kind'];

type AuthTokenValues = { userId: number; kind: AuthTokenKind; tokenHash: string; expiresAt: Date };

/** A reset or sign-in link: a newer one kills the older unused ones (only the latest mail works). */
export async function replaceAuthToken(db: Executor, values: AuthTokenValues) {
  await db
    .delete(authTokens)
    .where(and(eq(authTokens.userId, values.userId), eq(authTokens.kind, values.kind), isNull(authTokens.usedAt)));
  await db.insert(authTokens).values(values);
}

/**
 * A confirmation link: earlier unexpired links stay valid (any mail the user opens works);
 * expired unused ones of the user are dropped.
 */
export async function addAuthToken(db: Executor, values: AuthTokenValues) {
  await db
    .delete(authTokens)
    .where(
      and(
        eq(authTokens.userId, values.userId),
        eq(authTokens.kind, values.kind),
        isNull(authTokens.usedAt),
        lt(authTokens.expiresAt, sql`now()`),
      ),
    );
  await db.insert(authTokens).values(values);
}

/** When the newest link of this kind was made for the user, if any. */
export async function latestAuthTokenAt(db: Executor, userId: number, kind: AuthTokenKind) {
  const [row] = await db
    .select({ at: max(authTokens.createdAt) })
    .from(authTokens)
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind)));
  return row?.at ?? null;
}

/** Spends every unused link of this kind of the user (the e-mail is confirmed: the others are done). */
export async function spendUserAuthTokens(db: Executor, userId: number, kind: AuthTokenKind) {
  await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)));
}

export async function findAuthToken(db: Executor, kind: AuthTokenKind, tokenHash: string) {
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

/** Recent failures of an account: from this address (`fromAddress`), and from every address (`all`). */
export async function recentLoginFailures(db: Executor, email: string, ip: string, windowMs: number) {
  const [row] = await db
    .select({
      fromAddress: sql<number>`count(*) filter (where ${loginFailures.ip} = ${ip})::int`,
      lastFromAddress: sql<
        Date | string | null
      >`max(${loginFailures.createdAt}) filter (where ${loginFailures.ip} = ${ip})`,
      all: count(),
      last: max(loginFailures.createdAt),
    })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.email, email.toLowerCase()),
        gt(loginFailures.createdAt, sql`now() - make_interval(secs => ${windowMs / 1000})`),
      ),
    );
  const lastFromAddress = row?.lastFromAddress ?? null;
  return {
    fromAddress: Number(row?.fromAddress ?? 0),
    lastFromAddress: lastFromAddress === null ? null : new Date(lastFromAddress),
    all: row?.all ?? 0,
    last: row?.last ?? null,
  };
}

/** Forgets an account's failures: from one address (a success there), or all (a password reset). */
export async function clearLoginFailures(db: Executor, email: string, ip?: string) {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.email, email.toLowerCase()), ...(ip !== undefined ? [eq(loginFailures.ip, ip)] : [])));
}

// Account deletion -----------------------------------------------------------------------------

/** Locks the user's row for the rest of the transaction (a deletion against concurrent changes). */
export async function lockUser(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update').limit(1);
  return row;
}

/** Pending or confirmed reservations not over yet, as the student or as the teacher. */
export async function hasUpcomingReservations(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: reservations.id })
    .from(reservations)
    .innerJoin(timeSlots, eq(timeSlots.id, reservations.timeSlotId))
    .leftJoin(teacherProfiles, eq(teacherProfiles.id, reservations.teacherId))
    .where(
      and(
        inArray(reservations.status, ['pending', 'confirmed']),
        gt(sql`coalesce(${reservations.endTime}, ${timeSlots.endTime})`, sql`now()`),
        or(eq(reservations.studentId, userId), eq(teacherProfiles.userId, userId)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Deletes the user's file rows; the storage keys of the files to remove from disk. */
export async function deleteUserFiles(db: Executor, userId: number): Promise<string[]> {
  await db.update(users).set({ photoFileId: null }).where(eq(users.id, userId));
  const rows = await db.delete(files).where(eq(files.ownerId, userId)).returning({ storageKey: files.storageKey });
  return rows.map((row) => row.storageKey);
}

/**
 * Replaces the personal data of a deleted account: names, a unique address that cannot receive
 * mail (the real one can register again), no password, no Google link, no photo, no zone; the account is
 * suspended so nothing signs in or lists it. Ledger rows keep their user id untouched.
 */
export async function anonymiseUser(db: Executor, id: number, placeholderEmail: string) {
  await db
    .update(users)
    .set({
      email: placeholderEmail,
      firstName: 'Deleted',
      lastName: 'user',
      firstNameAr: null,
      lastNameAr: null,
      firstNameEn: null,
      lastNameEn: null,
      passwordHash: null,
      googleSub: null,
      photoFileId: null,
      timeZone: null,
      status: 'suspended',
      deletedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, id));
  await db
    .update(teacherProfiles)
    .set({ bioAr: '', bioEn: '', majorAr: '', majorEn: '', videoUrl: null, approvedAt: null, updatedAt: sql`now()` })
    .where(eq(teacherProfiles.userId, id));
  await db.update(sessions).set({ ip: null }).where(eq(sessions.userId, id));
  await db.delete(authTokens).where(eq(authTokens.userId, id));
}

/** Forgets what mail still holds of an address (queued or sent mails to it) and its sign-in failures. */
export async function forgetAddress(db: Executor, email: string) {
  await db.delete(mailOutbox).where(eq(mailOutbox.to, email));
  await db.delete(loginFailures).where(eq(loginFailures.email, email.toLowerCase()));
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
