import type { Language, PayoutStatus } from '@ustaz/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { type PageRequest, pageWithTotal } from '../../db/paging.ts';
import { insertedRow } from '../../db/rows.ts';
import { type PayoutRow, payouts, teacherBankAccounts, users } from '../../db/schema.ts';
import { nameIn } from '../../http/language.ts';

/** A teacher's payouts, their bank account and their statement (RELIABILITY I10). */

export async function findBankAccount(db: Executor, userId: number) {
  const [row] = await db.select().from(teacherBankAccounts).where(eq(teacherBankAccounts.userId, userId));
  return row ?? null;
}

export async function upsertBankAccount(db: Executor, userId: number, iban: string, holderName: string) {
  const [row] = await db
    .insert(teacherBankAccounts)
    .values({ userId, iban, holderName })
    .onConflictDoUpdate({
      target: teacherBankAccounts.userId,
      set: { iban, holderName, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('bank account not saved');
  return row;
}

export async function insertPayout(
  db: Executor,
  values: { userId: number; amountFils: number; iban: string; holderName: string },
): Promise<PayoutRow> {
  return insertedRow(db.insert(payouts).values(values).returning(), 'payout not inserted');
}

/**
 * Compare-and-swap of a payout's status (I7-style, I10): only a `requested` payout moves, once.
 * Null when it was not `requested` any more (or does not exist).
 */
export async function decidePayout(
  db: Executor,
  id: number,
  change: {
    status: Exclude<PayoutStatus, 'requested'>;
    decidedBy: number;
    bankReference?: string;
    rejectReason?: string;
  },
): Promise<PayoutRow | null> {
  const [row] = await db
    .update(payouts)
    .set({
      status: change.status,
      decidedBy: change.decidedBy,
      decidedAt: sql`now()`,
      bankReference: change.bankReference ?? null,
      rejectReason: change.rejectReason ?? null,
    })
    .where(and(eq(payouts.id, id), eq(payouts.status, 'requested')))
    .returning();
  return row ?? null;
}

export async function findPayout(db: Executor, id: number): Promise<PayoutRow | null> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
  return row ?? null;
}

export async function payoutsOfUser(db: Executor, userId: number, at: PageRequest) {
  return pageWithTotal(
    db.select().from(payouts).where(eq(payouts.userId, userId)).orderBy(desc(payouts.id)).$dynamic(),
    db.select({ n: count() }).from(payouts).where(eq(payouts.userId, userId)),
    at,
  );
}

const decider = alias(users, 'decider');

/** A payout with its teacher and the admin who decided it (null while requested). */
function adminPayoutSelect(db: Executor) {
  const teacher = { first: users.firstName, last: users.lastName, email: users.email };
  return db
    .select({ payout: payouts, teacher, decider: { first: decider.firstName, last: decider.lastName } })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.userId))
    .leftJoin(decider, eq(decider.id, payouts.decidedBy));
}

export type AdminPayoutRow = Awaited<ReturnType<typeof findAdminPayout>> & object;

/** The admin's queue: oldest requests first when filtered by `requested` (first come, first paid), else newest first. */
export async function listAdminPayouts(db: Executor, status: PayoutStatus | undefined, at: PageRequest) {
  const where = status ? eq(payouts.status, status) : undefined;
  return pageWithTotal(
    adminPayoutSelect(db)
      .where(where)
      .orderBy(status === 'requested' ? payouts.id : desc(payouts.id))
      .$dynamic(),
    db.select({ n: count() }).from(payouts).where(where),
    at,
  );
}

export async function findAdminPayout(db: Executor, id: number) {
  const [row] = await adminPayoutSelect(db).where(eq(payouts.id, id));
  return row ?? null;
}

/** Who a payout belongs to, for the notice: name, e-mail and language. */
export async function payoutOwner(db: Executor, userId: number) {
  const [row] = await db
    .select({ firstName: users.firstName, email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

const asNumber = (value: unknown) => Number(value ?? 0);
/** The rows of a `db.execute` (both drivers answer `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const asDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

/**
 * What a teacher's money looks like besides the earnings account: the teacher's share of booked
 * lessons not taught yet and of taught ones whose earning is still held in escrow (the day after the
 * end for a problem report, or an open dispute; ADR 016), as the release will compute it,
 * and the payouts waiting and paid.
 */
export async function earningsFigures(db: Executor, userId: number, feePercent: number) {
  const result = await db.execute(sql`
    select
      (select coalesce(sum((r.cash_fils + r.hours_value_fils) - round((r.cash_fils + r.hours_value_fils) * ${feePercent}::numeric / 100)), 0)
         from reservations r join teacher_profiles tp on tp.id = r.teacher_id
         where tp.user_id = ${userId}
           and (r.status = 'confirmed' or (r.status = 'completed' and r.earning_released_at is null))) as pending,
      (select coalesce(sum(amount_fils), 0) from payouts where user_id = ${userId} and status = 'requested') as requested,
      (select coalesce(sum(amount_fils), 0) from payouts where user_id = ${userId} and status = 'paid') as paid`);
  const [row] = rowsOf<{ pending: string; requested: string; paid: string }>(result);
  return {
    pendingFils: asNumber(row?.pending),
    requestedFils: asNumber(row?.requested),
    paidFils: asNumber(row?.paid),
  };
}

export type StatementRow = {
  kind: 'lesson' | 'payout';
  id: number;
  date: Date;
  endTime: Date | null;
  studentName: string | null;
  /** Lesson: what was paid for it. Payout: null. */
  grossFils: number | null;
  /** Lesson taught: what its completion credited to the earnings; payout: its amount. Null for a lesson not taught yet. */
  amountFils: number | null;
  status: string;
};

const STATEMENT_LINES = (userId: number) => sql`
  select 'lesson' as kind, r.id, r.start_time as date, r.end_time, u.first_name, u.last_name,
    u.first_name_ar, u.last_name_ar, u.first_name_en, u.last_name_en,
    (r.cash_fils + r.hours_value_fils) - coalesce(d.refund_fils, 0) as gross,
    case when r.earning_released_at is null then null else coalesce(earned.fils, 0) end as amount,
    case when r.status = 'completed' and r.earning_released_at is not null then 'completed' else 'confirmed' end as status
  from reservations r
  left join lesson_disputes d on d.reservation_id = r.id
  join teacher_profiles tp on tp.id = r.teacher_id
  join users u on u.id = r.student_id
  left join ledger_transfers t on t.key = 'complete:' || r.id
  left join (
    select e.transfer_id, sum(e.amount_fils) as fils from ledger_entries e
    join ledger_accounts a on a.id = e.account_id and a.kind = 'earnings' and a.user_id = ${userId}
    group by e.transfer_id
  ) earned on earned.transfer_id = t.id
  where tp.user_id = ${userId} and r.status in ('confirmed', 'completed')
  union all
  select 'payout', p.id, p.created_at, null, null, null, null, null, null, null, null, p.amount_fils, p.status
  from payouts p where p.user_id = ${userId}`;

/** A teacher's statement, newest first: every lesson booked or taught, and every payout. `limit` null: all of it. Students named in `language` (ADR 020). */
export async function statementLines(
  db: Executor,
  userId: number,
  at: { page: number; limit: number | null },
  language: Language,
): Promise<{ rows: StatementRow[]; total: number }> {
  const window = at.limit === null ? sql`` : sql` limit ${at.limit} offset ${(at.page - 1) * at.limit}`;
  const [lines, counted] = await Promise.all([
    db.execute(sql`select * from (${STATEMENT_LINES(userId)}) s order by s.date desc, s.kind, s.id desc${window}`),
    db.execute(sql`select count(*) as n from (${STATEMENT_LINES(userId)}) s`),
  ]);
  return {
    total: asNumber(rowsOf<{ n: string }>(counted)[0]?.n),
    rows: rowsOf<Record<string, unknown>>(lines).map((row) => ({
      kind: row.kind === 'payout' ? 'payout' : 'lesson',
      id: asNumber(row.id),
      date: asDate(row.date),
      endTime: row.end_time ? asDate(row.end_time) : null,
      studentName: row.kind === 'payout' ? null : studentName(row, language),
      grossFils: row.gross === null || row.gross === undefined ? null : asNumber(row.gross),
      amountFils: row.amount === null || row.amount === undefined ? null : asNumber(row.amount),
      status: String(row.status),
    })),
  };
}

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

function studentName(row: Record<string, unknown>, language: Language): string {
  const { firstName, lastName } = nameIn(language, {
    firstName: String(row.first_name ?? ''),
    lastName: String(row.last_name ?? ''),
    firstNameAr: text(row.first_name_ar),
    lastNameAr: text(row.last_name_ar),
    firstNameEn: text(row.first_name_en),
    lastNameEn: text(row.last_name_en),
  });
  return `${firstName} ${lastName}`.trim();
}
