import type { GatewayProvider, PaymentStatus } from '@ustaz/contract';
import { and, asc, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { type Executor, rawQueryOf } from '../../db/client.ts';
import { type PageRequest, pageWithTotal } from '../../db/paging.ts';
import {
  type LedgerAccountKind,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransfers,
  type PaymentRow,
  payments,
  reservations,
  users,
} from '../../db/schema.ts';
import type { DateBounds } from './admin-date-range.ts';

/** SQL of the admin money pages: the ledger journal, payments, and what a manual refund checks. */

const actor = alias(users, 'actor');

export type TransferFilter = DateBounds & { userId?: number | undefined; kind?: string | undefined };

const transferColumns = {
  id: ledgerTransfers.id,
  key: ledgerTransfers.key,
  kind: ledgerTransfers.kind,
  memo: ledgerTransfers.memo,
  paymentId: ledgerTransfers.paymentId,
  reservationId: ledgerTransfers.reservationId,
  subscriptionId: ledgerTransfers.subscriptionId,
  createdAt: ledgerTransfers.createdAt,
  actorId: actor.id,
  actorFirstName: actor.firstName,
  actorLastName: actor.lastName,
};

export type TransferListRow = {
  id: number;
  key: string;
  kind: string;
  memo: string;
  paymentId: string | null;
  reservationId: number | null;
  subscriptionId: number | null;
  createdAt: Date;
  actorId: number | null;
  actorFirstName: string | null;
  actorLastName: string | null;
};

export type EntryRow = {
  transferId: number;
  account: LedgerAccountKind;
  userId: number | null;
  firstName: string | null;
  lastName: string | null;
  amountFils: number;
};

/** Transfers with the user who caused each (null for the system's own). */
function transfersWithActor(db: Executor) {
  return db.select(transferColumns).from(ledgerTransfers).leftJoin(actor, eq(actor.id, ledgerTransfers.actorUserId));
}

/** Transfers newest first (by id: the order they were posted in), one page; `userId` keeps those touching any account of that user. */
export async function listTransfers(
  db: Executor,
  filter: TransferFilter,
  page: PageRequest,
): Promise<{ rows: TransferListRow[]; total: number }> {
  const where: SQL[] = [];
  if (filter.kind) where.push(eq(ledgerTransfers.kind, filter.kind));
  if (filter.from) where.push(gte(ledgerTransfers.createdAt, filter.from));
  if (filter.before) where.push(lt(ledgerTransfers.createdAt, filter.before));
  if (filter.userId) {
    where.push(
      inArray(
        ledgerTransfers.id,
        db
          .select({ id: ledgerEntries.transferId })
          .from(ledgerEntries)
          .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
          .where(eq(ledgerAccounts.userId, filter.userId)),
      ),
    );
  }
  const condition = and(...where);
  return pageWithTotal(
    transfersWithActor(db).where(condition).orderBy(desc(ledgerTransfers.id)).$dynamic(),
    db.select({ n: count() }).from(ledgerTransfers).where(condition),
    page,
  );
}

export async function findTransfer(db: Executor, id: number): Promise<TransferListRow | undefined> {
  const [row] = await transfersWithActor(db).where(eq(ledgerTransfers.id, id));
  return row;
}

/** The legs of several transfers in one query, with each account's kind and owner. */
export async function entriesOfTransfers(db: Executor, transferIds: number[]): Promise<EntryRow[]> {
  if (transferIds.length === 0) return [];
  return db
    .select({
      transferId: ledgerEntries.transferId,
      account: ledgerAccounts.kind,
      userId: ledgerAccounts.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      amountFils: ledgerEntries.amountFils,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .leftJoin(users, eq(users.id, ledgerAccounts.userId))
    .where(inArray(ledgerEntries.transferId, transferIds))
    .orderBy(asc(ledgerEntries.transferId), asc(ledgerEntries.id));
}

// Payments ---------------------------------------------------------------------------------------

export type PaymentWithUser = { payment: PaymentRow; firstName: string; lastName: string; email: string };

export type PaymentFilter = {
  status?: PaymentStatus | undefined;
  provider?: GatewayProvider | undefined;
  userId?: number | undefined;
  /** A payment id or a gateway reference (ours or the gateway's), any part, case-insensitive. */
  search?: string | undefined;
};

function contains(column: PgColumn, text: string) {
  return sql`strpos(lower(coalesce(${column}, '')), lower(${text})) > 0`;
}

const paymentColumns = {
  payment: payments,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

/** Payments with their payer. */
function paymentsWithPayer(db: Executor) {
  return db.select(paymentColumns).from(payments).innerJoin(users, eq(users.id, payments.userId));
}

/** Newest first; the id breaks ties. */
const newestPaymentsFirst = [desc(payments.createdAt), desc(payments.id)];

/** Payments newest first, one page, with their payer. */
export async function listPayments(
  db: Executor,
  filter: PaymentFilter,
  page: PageRequest,
): Promise<{ rows: PaymentWithUser[]; total: number }> {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(payments.status, filter.status));
  if (filter.provider) where.push(eq(payments.provider, filter.provider));
  if (filter.userId) where.push(eq(payments.userId, filter.userId));
  if (filter.search) {
    const search = or(
      contains(payments.id, filter.search),
      contains(payments.gatewayReference, filter.search),
      contains(payments.providerRef, filter.search),
    );
    if (search) where.push(search);
  }
  const condition = and(...where);
  return pageWithTotal(
    paymentsWithPayer(db)
      .where(condition)
      .orderBy(...newestPaymentsFirst)
      .$dynamic(),
    db.select({ n: count() }).from(payments).where(condition),
    page,
  );
}

/** The newest payments created since a moment (the reconciliation report), at most `limit`. */
export async function paymentsCreatedSince(db: Executor, since: Date, limit: number): Promise<PaymentWithUser[]> {
  return paymentsWithPayer(db)
    .where(gte(payments.createdAt, since))
    .orderBy(...newestPaymentsFirst)
    .limit(limit);
}

export async function findPaymentWithUser(db: Executor, id: string): Promise<PaymentWithUser | undefined> {
  const [row] = await paymentsWithPayer(db).where(eq(payments.id, id));
  return row;
}

// Manual refund checks ---------------------------------------------------------------------------

export async function userExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return row !== undefined;
}

/** Who made a payment (undefined when there is no such payment). */
export async function paymentOwner(db: Executor, id: string): Promise<number | undefined> {
  const [row] = await db.select({ userId: payments.userId }).from(payments).where(eq(payments.id, id));
  return row?.userId;
}

/** Who booked a reservation (undefined when there is no such reservation). */
export async function reservationStudent(db: Executor, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ studentId: reservations.studentId })
    .from(reservations)
    .where(eq(reservations.id, id));
  return row?.studentId;
}

export type LessonPayoutRow = {
  reservationId: number;
  teacherUserId: number;
  firstName: string;
  lastName: string;
  paidWith: string;
  completedAt: Date | null;
  paidFils: number;
  paidOutFils: number;
};

/**
 * Completed lessons whose settled escrow moved more or less to the teacher, the platform and back to
 * the student (a dispute's refund) than was paid for them (RELIABILITY I9), most overpaid first;
 * lessons whose earning is still held (ADR 016) are not settled yet. Before migration 0010 a lesson paid with
 * subscription hours paid its teacher the slot's price out of revenue: those show here.
 */
export async function lessonsPaidOutOfLine(db: Executor, limit = 500): Promise<LessonPayoutRow[]> {
  const result = await rawQueryOf(db)<{
    reservation_id: number;
    teacher_user_id: number;
    first_name: string;
    last_name: string;
    paid_with: string;
    completed_at: string | Date | null;
    paid: string | number;
    paid_out: string | number;
  }>(
    `
    select r.id as reservation_id, tp.user_id as teacher_user_id, u.first_name, u.last_name, r.paid_with,
      r.completed_at, r.cash_fils + r.hours_value_fils as paid,
      coalesce(o.credited, 0) + coalesce(back.credited, 0) as paid_out
    from reservations r
    join teacher_profiles tp on tp.id = r.teacher_id
    join users u on u.id = tp.user_id
    left join ledger_transfers t on t.key = 'complete:' || r.id
    left join (
      select transfer_id, sum(amount_fils) filter (where amount_fils > 0) as credited
      from ledger_entries group by transfer_id
    ) o on o.transfer_id = t.id
    left join (
      select bt.reservation_id, sum(e.amount_fils) filter (where e.amount_fils > 0) as credited
      from ledger_transfers bt join ledger_entries e on e.transfer_id = bt.id
      where bt.key like 'refund:%' or bt.key like 'dispute_refund:%'
      group by bt.reservation_id
    ) back on back.reservation_id = r.id
    where r.status = 'completed' and (r.earning_released_at is not null or t.id is not null)
      and coalesce(o.credited, 0) + coalesce(back.credited, 0) <> r.cash_fils + r.hours_value_fils
    order by coalesce(o.credited, 0) + coalesce(back.credited, 0) - (r.cash_fils + r.hours_value_fils) desc, r.id
    limit $1`,
    [limit],
  );
  return result.rows.map((row) => ({
    reservationId: Number(row.reservation_id),
    teacherUserId: Number(row.teacher_user_id),
    firstName: row.first_name,
    lastName: row.last_name,
    paidWith: row.paid_with,
    completedAt: row.completed_at === null ? null : new Date(row.completed_at),
    paidFils: Number(row.paid),
    paidOutFils: Number(row.paid_out),
  }));
}
