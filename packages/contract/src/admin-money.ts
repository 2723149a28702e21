import { z } from 'zod';
import { ADMIN_LIMITS } from './admin.ts';
import { dayRange, idQuery, paging, reasonSchema, searchQuery } from './admin-fields.ts';
import { RESERVATION_CANCELLERS } from './constants.ts';
import { kwdAmountSchema, listResponseSchema, rowIdSchema } from './discovery.ts';
import {
  GATEWAY_PROVIDERS,
  MONEY_FLOW_TRANSFER_KINDS,
  PAID_WITH,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  positiveKwdInputSchema,
  signedKwdAmountSchema,
} from './money.ts';
import { RESERVATION_STATUSES } from './reservations.ts';

/** The admin's money: the ledger, payments and their reconciliation, manual refunds, reservations. */

// Money ------------------------------------------------------------------------------------------

export const ADMIN_LEDGER_ACCOUNTS = [
  'wallet',
  'earnings',
  'gateway',
  'escrow',
  'revenue',
  'prepaid',
  'payouts_clearing',
  'paid_out',
] as const;
export const ADMIN_TRANSFER_KINDS = [
  ...MONEY_FLOW_TRANSFER_KINDS,
  'subscription_expiry',
  'hours_reclass',
  'payout_request',
  'payout_paid',
  'payout_rejected',
] as const;

export const adminLedgerEntrySchema = z.object({
  account: z.enum(ADMIN_LEDGER_ACCOUNTS),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  amount: signedKwdAmountSchema,
});
export const adminTransferSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  kind: z.string(),
  memo: z.string(),
  paymentId: z.string().nullable(),
  reservationId: z.number().int().nullable(),
  subscriptionId: z.number().int().nullable(),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  entries: z.array(adminLedgerEntrySchema),
  createdAt: z.string(),
});
export type AdminTransfer = z.infer<typeof adminTransferSchema>;
export const adminLedgerQuerySchema = z.object({
  userId: idQuery,
  kind: z.enum(ADMIN_TRANSFER_KINDS).optional(),
  ...dayRange,
  ...paging,
});
export type AdminLedgerQuery = z.input<typeof adminLedgerQuerySchema>;
export const adminLedgerResponseSchema = listResponseSchema(adminTransferSchema);
export type AdminLedgerResponse = z.infer<typeof adminLedgerResponseSchema>;

export const adminPaymentSchema = z.object({
  id: z.string(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  provider: z.enum(GATEWAY_PROVIDERS),
  /** The adapter that ran it: the provider, or `sandbox` on a machine without keys. */
  gateway: z.enum(['payzah', 'deema', 'sandbox']),
  purpose: z.enum(PAYMENT_PURPOSES),
  amount: kwdAmountSchema,
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  providerRef: z.string().nullable(),
  gatewayReference: z.string().nullable(),
  creditedToWallet: z.boolean(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;
export const adminPaymentsQuerySchema = z.object({
  status: z.enum(PAYMENT_STATUSES).optional(),
  provider: z.enum(GATEWAY_PROVIDERS).optional(),
  userId: idQuery,
  /** Payment id or gateway reference. */
  search: searchQuery,
  ...paging,
});
export type AdminPaymentsQuery = z.input<typeof adminPaymentsQuerySchema>;
export const adminPaymentsResponseSchema = listResponseSchema(adminPaymentSchema);
export type AdminPaymentsResponse = z.infer<typeof adminPaymentsResponseSchema>;

/** A payment whose gateway status and ours differ (or the gateway could not be asked). */
export const reconciliationRowSchema = z.object({
  payment: adminPaymentSchema,
  /** What the gateway says now; `unknown` when it could not be reached or did not know the order. */
  gatewayStatus: z.enum(['pending', 'paid', 'failed', 'unknown']),
  /** The gateway's amount when it gave one. */
  gatewayAmount: kwdAmountSchema.nullable(),
  problem: z.enum(['statusDiffers', 'amountDiffers', 'gatewayUnreachable']),
});
export type ReconciliationRow = z.infer<typeof reconciliationRowSchema>;
export const reconciliationQuerySchema = z.object({
  /** How far back to look (payments created in the last N days). */
  days: z.coerce.number().int().min(1).max(90).default(7),
});
export const reconciliationResponseSchema = z.object({
  checked: z.number().int(),
  data: z.array(reconciliationRowSchema),
  checkedAt: z.string(),
});
export type ReconciliationResponse = z.infer<typeof reconciliationResponseSchema>;

/** Settles one payment from the gateway's answer, exactly as the sweeper would. */
export const reconcilePaymentResponseSchema = z.object({ payment: adminPaymentSchema });

export const manualRefundBodySchema = z.strictObject({
  userId: rowIdSchema,
  amount: positiveKwdInputSchema(ADMIN_LIMITS.maxRefundKwd),
  reason: reasonSchema,
  /** Optional links for the record. */
  paymentId: z.string().trim().max(100).optional(),
  reservationId: rowIdSchema.optional(),
});
export type ManualRefundBody = z.input<typeof manualRefundBodySchema>;
export const manualRefundResponseSchema = z.object({
  transfer: adminTransferSchema,
  /** The user's wallet after the refund. */
  balance: kwdAmountSchema,
});
export type ManualRefundResponse = z.infer<typeof manualRefundResponseSchema>;

// Reservations -----------------------------------------------------------------------------------

export const adminReservationSchema = z.object({
  id: z.number().int(),
  status: z.enum(RESERVATION_STATUSES),
  startTime: z.string(),
  endTime: z.string(),
  price: kwdAmountSchema,
  paidWith: z.enum(PAID_WITH),
  student: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  teacher: z.object({ id: z.number().int(), profileId: z.number().int(), name: z.string() }),
  paymentId: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelledBy: z.enum(RESERVATION_CANCELLERS).nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminReservation = z.infer<typeof adminReservationSchema>;
export const adminReservationsQuerySchema = z.object({
  status: z.enum(RESERVATION_STATUSES).optional(),
  /** Student or teacher user id. */
  userId: idQuery,
  ...dayRange,
  ...paging,
});
export type AdminReservationsQuery = z.input<typeof adminReservationsQuerySchema>;
export const adminReservationsResponseSchema = listResponseSchema(adminReservationSchema);
export type AdminReservationsResponse = z.infer<typeof adminReservationsResponseSchema>;

export const adminCancelReservationBodySchema = z.strictObject({ reason: reasonSchema });
export const adminCancelReservationResponseSchema = z.object({
  reservation: adminReservationSchema,
  refund: z.object({ to: z.enum(['wallet', 'subscription', 'none']), amount: kwdAmountSchema, hours: z.number() }),
});
export type AdminCancelReservationResponse = z.infer<typeof adminCancelReservationResponseSchema>;

/**
 * RELIABILITY I9 data repair: completed lessons whose payout (teacher's earning + platform fee)
 * differs from what was paid for them (money + the value of the hours spent). Read-only: ledger
 * entries are immutable, so a difference is settled by a named transfer, never by an edit.
 */
export const adminLessonPayoutRowSchema = z.object({
  reservationId: z.number().int(),
  teacherUserId: z.number().int(),
  teacherName: z.string(),
  paidWith: z.string(),
  completedAt: z.string().nullable(),
  /** What the student paid: money + the hours' value (KWD). */
  paid: kwdAmountSchema,
  /** What the lesson's completion moved to the teacher and the platform (KWD). */
  paidOut: kwdAmountSchema,
  /** paidOut - paid: positive when the teacher was overpaid. */
  difference: signedKwdAmountSchema,
});
export const adminLessonPayoutsResponseSchema = z.object({ data: z.array(adminLessonPayoutRowSchema) });
export type AdminLessonPayoutsResponse = z.infer<typeof adminLessonPayoutsResponseSchema>;
