import {
  type AdminPayout,
  type BankAccount,
  type EarningsSummary,
  filsToKwd,
  kwdToFils,
  PAYOUT_MIN_KWD,
  type Payout,
  type StatementLine,
} from '@ustaz/contract';
import type { PayoutRow, TeacherBankAccountRow } from '../../db/schema.ts';
import type { AdminPayoutRow, earningsFigures, StatementRow } from './payouts.repo.ts';

/** An IBAN as its owner sees it after saving: the country, a few dots, the last 4 characters ("KW•• •••• 0101"). */
export function maskIban(iban: string): string {
  return `${iban.slice(0, 2)}•• •••• ${iban.slice(-4)}`;
}

export function toBankAccount(row: TeacherBankAccountRow): BankAccount {
  return {
    maskedIban: maskIban(row.iban),
    last4: row.iban.slice(-4),
    holderName: row.holderName,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toPayout(row: PayoutRow): Payout {
  return {
    id: row.id,
    amount: filsToKwd(row.amountFils),
    status: row.status,
    last4: row.iban.slice(-4),
    holderName: row.holderName,
    bankReference: row.bankReference,
    rejectReason: row.rejectReason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

export function toAdminPayout({ payout, teacher, decider }: AdminPayoutRow): AdminPayout {
  return {
    ...toPayout(payout),
    iban: payout.iban,
    teacher: { id: payout.userId, name: `${teacher.first} ${teacher.last}`.trim(), email: teacher.email },
    decidedBy: payout.decidedBy
      ? { id: payout.decidedBy, name: `${decider?.first ?? ''} ${decider?.last ?? ''}`.trim() }
      : null,
  };
}

/**
 * A statement line. A taught lesson shows what its completion credited (from the ledger) and the
 * fee as the rest of what was paid; a lesson not taught yet shows what completion will credit.
 */
export function toStatementLine(row: StatementRow, feePercent: number): StatementLine {
  const base = { id: row.id, date: row.date.toISOString(), endTime: row.endTime?.toISOString() ?? null };
  if (row.kind === 'payout') {
    return {
      ...base,
      kind: 'payout',
      studentName: null,
      gross: null,
      fee: null,
      amount: filsToKwd(-(row.amountFils ?? 0)),
      status: row.status === 'paid' || row.status === 'rejected' ? row.status : 'requested',
    };
  }
  const gross = row.grossFils ?? 0;
  const earned = row.amountFils ?? gross - Math.round((gross * feePercent) / 100);
  return {
    ...base,
    kind: 'lesson',
    studentName: row.studentName,
    gross: filsToKwd(gross),
    fee: filsToKwd(gross - earned),
    amount: filsToKwd(earned),
    status: row.status === 'completed' ? 'earned' : 'pending',
  };
}

/** The teacher's earnings card: the earnings balance and the figures around it, in KWD. */
export function toEarningsSummary(
  available: number,
  figures: Awaited<ReturnType<typeof earningsFigures>>,
): EarningsSummary {
  return {
    available: filsToKwd(available),
    pending: filsToKwd(figures.pendingFils),
    requested: filsToKwd(figures.requestedFils),
    paidOut: filsToKwd(figures.paidFils),
    minimumPayout: filsToKwd(kwdToFils(PAYOUT_MIN_KWD)),
    currency: 'KWD',
  };
}
