import { ROLE } from '@ustaz/contract';
import { and, count, countDistinct, desc, eq, gt, ilike, inArray, isNull, or, type SQL, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type PageRequest, pageWithTotal } from '../../db/paging.ts';
import {
  ledgerAccounts,
  payments,
  reservations,
  searchNotFoundLogs,
  sessions,
  teacherProfiles,
  type UserRow,
  users,
} from '../../db/schema.ts';
import { containsPattern } from '../../db/text-search.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A user as the admin lists it: the row's public fields and, for teachers, the profile's approval. */
export type AdminUserRow = Pick<
  UserRow,
  | 'id'
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'roleId'
  | 'status'
  | 'provider'
  | 'language'
  | 'emailConfirmedAt'
  | 'photoFileId'
  | 'createdAt'
> & { teacherProfileId: number | null; approvedAt: Date | null };

const adminUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  roleId: users.roleId,
  status: users.status,
  provider: users.provider,
  language: users.language,
  emailConfirmedAt: users.emailConfirmedAt,
  photoFileId: users.photoFileId,
  createdAt: users.createdAt,
  teacherProfileId: teacherProfiles.id,
  approvedAt: teacherProfiles.approvedAt,
};

/** Name (first, last or both) or e-mail containing the text, in any letter case. */
export function nameOrEmailMatches(text: string | undefined): SQL | undefined {
  const term = text?.trim();
  if (!term) return undefined;
  const pattern = containsPattern(term);
  return or(ilike(users.email, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern));
}

export type AdminUserFilter = { search?: string; roleId?: number; status?: 'active' | 'suspended' };

/** One page of users, newest first, with the total. */
export async function listAdminUsers(
  db: Executor,
  filter: AdminUserFilter,
  page: PageRequest,
): Promise<{ rows: AdminUserRow[]; total: number }> {
  const where = and(
    nameOrEmailMatches(filter.search),
    filter.roleId === undefined ? undefined : eq(users.roleId, filter.roleId),
    filter.status === undefined ? undefined : eq(users.status, filter.status),
  );
  return pageWithTotal(
    db
      .select(adminUserColumns)
      .from(users)
      .leftJoin(teacherProfiles, eq(teacherProfiles.userId, users.id))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .$dynamic(),
    db.select({ n: count() }).from(users).where(where),
    page,
  );
}

export async function findAdminUser(db: Executor, id: number): Promise<AdminUserRow | undefined> {
  const [row] = await db
    .select(adminUserColumns)
    .from(users)
    .leftJoin(teacherProfiles, eq(teacherProfiles.userId, users.id))
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

/** Locks a user row until the transaction ends (role and status changes queue behind each other). */
export async function lockUser(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function setUserRole(db: Executor, id: number, roleId: number) {
  await db.update(users).set({ roleId, updatedAt: sql`now()` }).where(eq(users.id, id));
}

export async function setUserStatus(db: Executor, id: number, status: 'active' | 'suspended') {
  await db.update(users).set({ status, updatedAt: sql`now()` }).where(eq(users.id, id));
}

/** What the user detail page counts: balances, live sessions, reservations and payments. */
export async function userFigures(db: Executor, userId: number, teacherProfileId: number | null, now: Date) {
  const [accounts, [live], [booked], [paid]] = await Promise.all([
    db
      .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balanceFils })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, userId), inArray(ledgerAccounts.kind, ['wallet', 'earnings']))),
    // A family is one sign-in; its live row is the latest, unused refresh token.
    db
      .select({ n: countDistinct(sessions.familyId) })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.usedAt),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
        ),
      ),
    db
      .select({ n: count() })
      .from(reservations)
      .where(
        teacherProfileId === null
          ? eq(reservations.studentId, userId)
          : or(eq(reservations.studentId, userId), eq(reservations.teacherId, teacherProfileId)),
      ),
    db.select({ n: count() }).from(payments).where(eq(payments.userId, userId)),
  ]);
  const balanceOf = (kind: 'wallet' | 'earnings') => Number(accounts.find((a) => a.kind === kind)?.balance ?? 0);
  return {
    walletFils: balanceOf('wallet'),
    earningsFils: balanceOf('earnings'),
    activeSessions: live?.n ?? 0,
    reservations: booked?.n ?? 0,
    payments: paid?.n ?? 0,
  };
}

/** The dashboard's headline figures. */
export async function overviewFigures(db: Executor, now: Date) {
  const since = new Date(now.getTime() - 30 * DAY_MS);
  const [[people], [pending], [upcoming], [waiting], [paid], [wallets], [missing]] = await Promise.all([
    db
      .select({
        users: count(),
        students: sql<number>`count(*) filter (where ${users.roleId} = ${ROLE.student})::int`,
        teachers: sql<number>`count(*) filter (where ${users.roleId} = ${ROLE.teacher})::int`,
        suspended: sql<number>`count(*) filter (where ${users.status} = 'suspended')::int`,
      })
      .from(users),
    db
      .select({ n: count() })
      .from(teacherProfiles)
      .innerJoin(users, eq(users.id, teacherProfiles.userId))
      .where(and(eq(users.roleId, ROLE.teacher), isNull(teacherProfiles.approvedAt))),
    db
      .select({ n: count() })
      .from(reservations)
      .where(and(eq(reservations.status, 'confirmed'), gt(reservations.endTime, now))),
    db.select({ n: count() }).from(payments).where(eq(payments.status, 'pending')),
    db
      .select({ fils: sum(payments.amountFils) })
      .from(payments)
      .where(and(eq(payments.status, 'paid'), gt(payments.paidAt, since))),
    db
      .select({ fils: sum(ledgerAccounts.balanceFils) })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.kind, 'wallet')),
    db
      .select({
        n: sql<number>`count(distinct (${searchNotFoundLogs.searchType}, ${searchNotFoundLogs.normalized}))::int`,
      })
      .from(searchNotFoundLogs)
      .where(gt(searchNotFoundLogs.createdAt, since)),
  ]);
  return {
    users: people?.users ?? 0,
    students: Number(people?.students ?? 0),
    teachers: Number(people?.teachers ?? 0),
    suspendedUsers: Number(people?.suspended ?? 0),
    pendingTeachers: pending?.n ?? 0,
    upcomingReservations: upcoming?.n ?? 0,
    pendingPayments: waiting?.n ?? 0,
    paidLast30DaysFils: Number(paid?.fils ?? 0),
    walletsTotalFils: Number(wallets?.fils ?? 0),
    notFoundSearches: Number(missing?.n ?? 0),
  };
}
