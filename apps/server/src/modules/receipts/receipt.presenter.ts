import {
  appNameIn,
  contactAddressIn,
  filsToKwd,
  kwdToFils,
  type Language,
  type Receipt,
  type ReceiptLine,
  type ReceiptRefund,
  type WebsiteSettings,
} from '@ustaz/contract';
import { fullNameIn } from '../../http/language.ts';
import type { findRefunds, ReceiptLessonRow, ReceiptPayerRow } from './receipts.repo.ts';

type RefundRow = Awaited<ReturnType<typeof findRefunds>>[number];

/** Hours as a receipt prints them: minutes / 60, at most two decimals. */
export function hoursOf(minutes: number): number {
  return Math.round((minutes / 60) * 100) / 100;
}

/** A lesson as a receipt's line: the teacher's name and field in `language`, the time, what it cost. */
export function toLessonLine(
  row: ReceiptLessonRow,
  language: Language,
  { amountFils, move }: { amountFils: number; move: boolean },
): ReceiptLine {
  return {
    kind: 'lesson',
    reservationId: row.id,
    teacherName: fullNameIn(language, row),
    major: (language === 'en' ? row.majorEn : row.majorAr) || row.majorAr || row.majorEn,
    startTime: (row.startTime ?? row.createdAt).toISOString(),
    endTime: (row.endTime ?? row.createdAt).toISOString(),
    trial: row.kind === 'trial',
    move,
    amount: filsToKwd(amountFils),
  };
}

/** What a refund transfer was, from its key (each flow keys its refunds its own way). */
function refundKindOf(row: RefundRow): ReceiptRefund['kind'] {
  if (row.kind === 'manual_refund') return 'manual';
  if (row.key.startsWith('dispute_refund:')) return 'dispute';
  if (row.key.startsWith('reschedule:')) return 'move';
  return 'cancellation';
}

/**
 * The refunds of a receipt: each transfer with the money that reached the payer's wallet, and the
 * hours a lesson got back on the first cancellation or dispute refund of that lesson. A transfer
 * that gave the payer nothing (neither money nor hours) is not theirs to see.
 */
export function toRefunds(rows: RefundRow[], returnedMinutes: Map<number, number>): ReceiptRefund[] {
  const minutesLeft = new Map(returnedMinutes);
  const refunds: ReceiptRefund[] = [];
  for (const row of rows) {
    const kind = refundKindOf(row);
    let minutes = 0;
    if ((kind === 'cancellation' || kind === 'dispute') && row.reservationId !== null) {
      minutes = minutesLeft.get(row.reservationId) ?? 0;
      minutesLeft.delete(row.reservationId);
    }
    if (row.toWalletFils <= 0 && minutes === 0) continue;
    refunds.push({
      at: row.createdAt.toISOString(),
      kind,
      amount: filsToKwd(Math.max(0, row.toWalletFils)),
      hours: hoursOf(minutes),
      reservationId: row.reservationId,
    });
  }
  return refunds;
}

/** The operator as the settings name it in `language`. */
export function toOperator(settings: WebsiteSettings, language: Language): Receipt['operator'] {
  return {
    name: appNameIn(settings, language),
    address: contactAddressIn(settings, language),
    email: settings.contactEmail?.trim() || null,
    phone: settings.contactPhone?.trim() || null,
  };
}

export function toPayer(row: ReceiptPayerRow, language: Language): Receipt['payer'] {
  return { id: row.id, name: fullNameIn(language, row), email: row.email };
}

/** The receipt number printed on paper: `P-` and the payment's id, or `L-` and the lesson's. */
export function receiptNumber(source: Receipt['source'], id: string | number): string {
  return source === 'payment' ? `P-${String(id).slice(3, 15).toUpperCase()}` : `L-${String(id).padStart(6, '0')}`;
}

/** The sum of the refunds' money, as KWD. */
export function refundedOf(refunds: ReceiptRefund[]): string {
  const fils = refunds.reduce((sum, refund) => sum + kwdToFils(refund.amount), 0);
  return filsToKwd(fils);
}
