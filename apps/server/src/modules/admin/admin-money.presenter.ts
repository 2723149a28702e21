import type { AdminLessonPayoutsResponse, AdminPayment, AdminTransfer } from '@ustaz/contract';
import { filsToKwd } from '@ustaz/contract';
import type { EntryRow, LessonPayoutRow, PaymentWithUser, TransferListRow } from './admin-money.repo.ts';

export function fullName(firstName: string | null, lastName: string | null): string {
  return `${firstName ?? ''} ${lastName ?? ''}`.trim();
}

export function toAdminTransfer(row: TransferListRow, entries: EntryRow[]): AdminTransfer {
  return {
    id: row.id,
    key: row.key,
    kind: row.kind,
    memo: row.memo,
    paymentId: row.paymentId,
    reservationId: row.reservationId,
    subscriptionId: row.subscriptionId,
    actor: row.actorId === null ? null : { id: row.actorId, name: fullName(row.actorFirstName, row.actorLastName) },
    entries: entries.map((entry) => ({
      account: entry.account,
      userId: entry.userId,
      userName: entry.userId === null ? null : fullName(entry.firstName, entry.lastName),
      amount: filsToKwd(entry.amountFils),
    })),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAdminPayment({ payment, firstName, lastName, email }: PaymentWithUser): AdminPayment {
  return {
    id: payment.id,
    user: { id: payment.userId, name: fullName(firstName, lastName), email },
    provider: payment.provider,
    gateway: payment.gateway,
    purpose: payment.purpose,
    amount: filsToKwd(payment.amountFils),
    currency: payment.currency,
    status: payment.status,
    providerRef: payment.providerRef,
    gatewayReference: payment.gatewayReference,
    creditedToWallet: payment.creditedToWallet,
    failureReason: payment.failureReason,
    createdAt: payment.createdAt.toISOString(),
    paidAt: payment.paidAt?.toISOString() ?? null,
    expiresAt: payment.expiresAt.toISOString(),
  };
}

/** A line of the I9 repair report: what a completed lesson was paid and paid out. */
export function toLessonPayout(row: LessonPayoutRow): AdminLessonPayoutsResponse['data'][number] {
  return {
    reservationId: row.reservationId,
    teacherUserId: row.teacherUserId,
    teacherName: `${row.firstName} ${row.lastName}`.trim(),
    paidWith: row.paidWith,
    completedAt: row.completedAt?.toISOString() ?? null,
    paid: filsToKwd(row.paidFils),
    paidOut: filsToKwd(row.paidOutFils),
    difference: filsToKwd(row.paidOutFils - row.paidFils),
  };
}
