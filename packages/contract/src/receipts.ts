import { z } from 'zod';
import { kwdAmountSchema } from './discovery.ts';
import { PAID_WITH } from './money.ts';

/**
 * Receipts (issue 34): the paper a parent is asked for. One per paid gateway payment
 * (`GET /api/v1/payments/{id}/receipt`: a top-up, a booking, an hours package) and one per paid
 * lesson (`GET /api/v1/reservations/{id}/receipt`, however it was paid: wallet, hours, gateway),
 * each with the refunds made against it. Only the payer and active admins see one; anyone else
 * gets 404, and a payment or lesson not paid (yet) has none (409 `notPaid`).
 * The page `/{lang}/receipts/{id}` takes `pay…` (a payment) or `lesson-{n}` (a lesson).
 */

/** What a receipt's id looks like in the page's path: a payment's id or `lesson-{reservation id}`. */
export const RECEIPT_ID_PATTERN = /^(pay[0-9a-f]{24}|lesson-[1-9][0-9]{0,9})$/;

export const receiptLineSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('lesson'),
    reservationId: z.number().int(),
    teacherName: z.string(),
    /** The teacher's field in the request's language ('' when none is written). */
    major: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    trial: z.boolean(),
    /** A dearer move's difference (ADR 033): this payment paid for moving the lesson, not for booking it. */
    move: z.boolean(),
    amount: kwdAmountSchema,
  }),
  z.object({ kind: z.literal('top_up'), amount: kwdAmountSchema }),
  z.object({
    kind: z.literal('subscription'),
    packageName: z.string(),
    hours: z.number(),
    amount: kwdAmountSchema,
  }),
]);
export type ReceiptLine = z.infer<typeof receiptLineSchema>;

/** One way the total was paid: wallet, hours (with the hours used) or a gateway. */
export const receiptPaidPartSchema = z.object({
  method: z.enum(PAID_WITH),
  amount: kwdAmountSchema,
  /** Hours of a subscription used (only for `subscription`). */
  hours: z.number().nullable(),
});

/** A refund against what the receipt paid for: money to the wallet and hours given back. */
export const receiptRefundSchema = z.object({
  at: z.string(),
  kind: z.enum(['cancellation', 'dispute', 'move', 'manual']),
  /** Money back to the wallet (KWD, "0.000" when only hours came back). */
  amount: kwdAmountSchema,
  hours: z.number(),
  reservationId: z.number().int().nullable(),
});
export type ReceiptRefund = z.infer<typeof receiptRefundSchema>;

export const receiptSchema = z.object({
  id: z.string(),
  /** The printed receipt number. */
  number: z.string(),
  source: z.enum(['payment', 'reservation']),
  issuedAt: z.string(),
  language: z.enum(['ar', 'en']),
  currency: z.literal('KWD'),
  operator: z.object({
    name: z.string(),
    address: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  payer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  lines: z.array(receiptLineSchema),
  paidWith: z.array(receiptPaidPartSchema),
  total: kwdAmountSchema,
  refunds: z.array(receiptRefundSchema),
  refunded: kwdAmountSchema,
  /** A gateway booking whose slots had lapsed when it was paid: the money went to the wallet. */
  creditedToWallet: z.boolean(),
  /** The gateway's own reference of the charge, when there is one. */
  gatewayReference: z.string().nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;
