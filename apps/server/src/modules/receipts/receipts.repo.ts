import { ROLE } from '@ustaz/contract';
import { and, asc, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { nameColumns } from '../../db/name-columns.ts';
import { firstRow } from '../../db/rows.ts';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransfers,
  moveTopUps,
  type PaymentRow,
  payments,
  reservations,
  subscriptionPackages,
  subscriptionUsages,
  teacherProfiles,
  userSubscriptions,
  users,
} from '../../db/schema.ts';

/** The people a receipt names: the payer (name spellings and e-mail). */
export async function findPayer(db: Executor, userId: number) {
  return firstRow(
    db
      .select({ id: users.id, email: users.email, ...nameColumns(users) })
      .from(users)
      .where(eq(users.id, userId)),
  );
}

export type ReceiptPayerRow = NonNullable<Awaited<ReturnType<typeof findPayer>>>;

/** Whether `userId` is, right now, an active admin (who may read anyone's receipt). */
export async function isActiveAdminUser(db: Executor, userId: number): Promise<boolean> {
  const row = await firstRow(
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.roleId, ROLE.admin), eq(users.status, 'active'))),
  );
  return row !== undefined;
}

export async function findReceiptPayment(db: Executor, id: string): Promise<PaymentRow | undefined> {
  return firstRow(db.select().from(payments).where(eq(payments.id, id)));
}

const teacherUsers = alias(users, 'teacher_users');

/** Lessons with what the receipt prints of each: the teacher's name and field, the time and the split of the price. */
function lessonRows(db: Executor) {
  return db
    .select({
      id: reservations.id,
      studentId: reservations.studentId,
      status: reservations.status,
      kind: reservations.kind,
      startTime: reservations.startTime,
      endTime: reservations.endTime,
      priceFils: reservations.priceFils,
      cashFils: reservations.cashFils,
      walletFils: reservations.walletFils,
      hoursValueFils: reservations.hoursValueFils,
      subscriptionMinutes: reservations.subscriptionMinutes,
      paidWith: reservations.paidWith,
      paymentId: reservations.paymentId,
      paymentStatus: payments.status,
      gatewayReference: payments.gatewayReference,
      chargeAt: reservations.chargeAt,
      createdAt: reservations.createdAt,
      majorAr: teacherProfiles.majorAr,
      majorEn: teacherProfiles.majorEn,
      ...nameColumns(teacherUsers),
    })
    .from(reservations)
    .innerJoin(teacherProfiles, eq(teacherProfiles.id, reservations.teacherId))
    .innerJoin(teacherUsers, eq(teacherUsers.id, teacherProfiles.userId))
    .leftJoin(payments, eq(payments.id, reservations.paymentId));
}

export async function findReceiptLesson(db: Executor, id: number) {
  return firstRow(lessonRows(db).where(eq(reservations.id, id)));
}

export type ReceiptLessonRow = NonNullable<Awaited<ReturnType<typeof findReceiptLesson>>>;

/** The lessons a gateway payment booked (oldest first). */
export async function findLessonsOfPayment(db: Executor, paymentId: string) {
  return lessonRows(db).where(eq(reservations.paymentId, paymentId)).orderBy(asc(reservations.startTime));
}

/** The lesson a dearer move's top-up paid for (ADR 033), if the payment is one. */
export async function findMovedLessonOfPayment(db: Executor, paymentId: string) {
  return firstRow(
    lessonRows(db)
      .innerJoin(moveTopUps, eq(moveTopUps.reservationId, reservations.id))
      .where(eq(moveTopUps.paymentId, paymentId)),
  );
}

/** The hours package a gateway payment bought (its `subscription_id`), with both names. */
export async function findPackageOfSubscription(db: Executor, subscriptionId: number) {
  return firstRow(
    db
      .select({
        nameAr: subscriptionPackages.nameAr,
        nameEn: subscriptionPackages.nameEn,
        totalMinutes: userSubscriptions.totalMinutes,
        priceFils: userSubscriptions.priceFils,
      })
      .from(userSubscriptions)
      .innerJoin(subscriptionPackages, eq(subscriptionPackages.id, userSubscriptions.packageId))
      .where(eq(userSubscriptions.id, subscriptionId)),
  );
}

const payerWallet = alias(ledgerAccounts, 'payer_wallet');

/**
 * The refunds made against a payment or lessons, to `payerId`: each refund transfer (a
 * cancellation's, a dispute's, a cheaper move's, an admin's) with what reached the payer's wallet
 * (0 when only hours came back), oldest first.
 */
export async function findRefunds(
  db: Executor,
  { payerId, paymentId, reservationIds }: { payerId: number; paymentId: string | null; reservationIds: number[] },
) {
  const about = [
    ...(paymentId ? [eq(ledgerTransfers.paymentId, paymentId)] : []),
    ...(reservationIds.length > 0 ? [inArray(ledgerTransfers.reservationId, reservationIds)] : []),
  ];
  if (about.length === 0) return [];
  return db
    .select({
      id: ledgerTransfers.id,
      key: ledgerTransfers.key,
      kind: ledgerTransfers.kind,
      reservationId: ledgerTransfers.reservationId,
      createdAt: ledgerTransfers.createdAt,
      toWalletFils:
        sql<number>`coalesce(sum(${ledgerEntries.amountFils}) filter (where ${payerWallet.id} is not null), 0)::bigint`.mapWith(
          Number,
        ),
    })
    .from(ledgerTransfers)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transferId, ledgerTransfers.id))
    .leftJoin(
      payerWallet,
      and(eq(payerWallet.id, ledgerEntries.accountId), eq(payerWallet.kind, 'wallet'), eq(payerWallet.userId, payerId)),
    )
    .where(and(inArray(ledgerTransfers.kind, ['booking_refund', 'manual_refund']), or(...about)))
    .groupBy(ledgerTransfers.id)
    .orderBy(asc(ledgerTransfers.id));
}

/** The hours given back to a lesson's subscription (a refunded use), per lesson. */
export async function findReturnedMinutes(db: Executor, reservationIds: number[]) {
  if (reservationIds.length === 0) return [];
  return db
    .select({
      reservationId: subscriptionUsages.reservationId,
      minutes: sql<number>`sum(${subscriptionUsages.minutes})::int`.mapWith(Number),
    })
    .from(subscriptionUsages)
    .where(
      and(
        inArray(subscriptionUsages.reservationId, reservationIds),
        isNotNull(subscriptionUsages.refundedAt),
        gt(subscriptionUsages.minutes, 0),
      ),
    )
    .groupBy(subscriptionUsages.reservationId);
}
