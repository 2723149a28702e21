import { z } from 'zod';
import { PAYMENT_METHODS } from './constants.ts';
import { kwdAmountSchema, kwdTextSchema, listResponseSchema } from './discovery.ts';
import { pagingQuery } from './list.ts';
import { langQuery, languageSchema } from './money-fields.ts';

/**
 * Money: wallet, payments, booking, subscriptions, reservations and a teacher's availability
 * (spec 3 and 7 "Booking, balance, subscriptions"; ARCHITECTURE "Server rules").
 * Amounts are KWD decimal strings with up to 3 decimals ("12.500"); the server keeps integer fils.
 * This file: amounts, payments, the balance and its top-up, the wallet's lines. Reservations,
 * booking, subscriptions and availability have files of their own (`reservations.ts`,
 * `booking.ts`, `subscriptions.ts`, `availability.ts`).
 */

/** A signed KWD amount for ledger lines: "-1.500", "20.000". */
export const signedKwdAmountSchema = kwdTextSchema({ signed: true });

/** Largest single top-up (KWD); a wallet is not a bank account. */
export const MAX_TOP_UP_KWD = 1000;

/**
 * A positive KWD amount typed by a user: digits with at most 3 decimals, no sign, no exponent, no
 * ASCII comma, greater than zero and at most `max`. Anything else is refused (I2). Read by the one
 * amount parser (`readKwdText`): "١٠٫٥" is 10.5, "1٬500" is 1500, "1٬5" and "١2" are refused.
 */
export function positiveKwdInputSchema(max: number) {
  return kwdAmountSchema
    .refine((value) => Number(value) > 0, { message: 'tooSmall', params: { code: 'tooSmall' } })
    .refine((value) => Number(value) <= max, { message: 'tooBig', params: { code: 'tooBig' } });
}

export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export const GATEWAY_PROVIDERS = ['payzah', 'deema'] as const;
export type GatewayProvider = (typeof GATEWAY_PROVIDERS)[number];
export const gatewayProviderSchema = z.enum(GATEWAY_PROVIDERS);

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_PURPOSES = ['top_up', 'booking', 'subscription'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/** What a booking or purchase answer says about its payment; FAILED is a failure (spec 4). */
export const CLIENT_PAYMENT_STATUSES = ['PAID', 'PENDING', 'FAILED'] as const;
export type ClientPaymentStatus = (typeof CLIENT_PAYMENT_STATUSES)[number];

/** How a reservation or subscription was paid. */
export const PAID_WITH = ['wallet', 'subscription', 'payzah', 'deema'] as const;
export type PaidWith = (typeof PAID_WITH)[number];

// Balance and top-up ---------------------------------------------------------------------------

export const balanceResponseSchema = z.object({
  balance: kwdAmountSchema,
  currency: z.literal('KWD'),
  /** A teacher's earned money (lessons completed); "0.000" for others. */
  earnings: kwdAmountSchema,
  /** Subscription hours left across active subscriptions. */
  remainingHours: z.number(),
});
export type BalanceResponse = z.infer<typeof balanceResponseSchema>;

export const topUpBodySchema = z.strictObject({
  amount: positiveKwdInputSchema(MAX_TOP_UP_KWD),
  language: languageSchema.default('ar'),
  currency: z.literal('KWD').optional(),
  /** Payzah: payment_type "1" K-Net, "2" card, "3" hosted page. Deema: empty. */
  options: z
    .strictObject({
      payment_type: z.union([z.enum(['1', '2', '3']), z.literal(1), z.literal(2), z.literal(3)]).optional(),
    })
    .optional(),
});
export type TopUpBody = z.input<typeof topUpBodySchema>;

export const paymentLinkResponseSchema = z.object({
  paymentLink: z.string(),
  paymentId: z.string(),
});
export type PaymentLinkResponse = z.infer<typeof paymentLinkResponseSchema>;

/** One payment method as the client may offer it (top-up and payment-method modals). */
export const paymentMethodInfoSchema = z.object({
  id: gatewayProviderSchema,
  enabled: z.boolean(),
  /** Smallest amount the provider takes, KWD ("10.000" for Deema in production). */
  minAmount: kwdAmountSchema,
  /** True when this machine has no keys for the provider and the local sandbox stands in. */
  sandbox: z.boolean(),
});
export const paymentMethodsResponseSchema = z.object({
  currency: z.literal('KWD'),
  methods: z.array(paymentMethodInfoSchema),
});
export type PaymentMethodsResponse = z.infer<typeof paymentMethodsResponseSchema>;

/**
 * What a payment bought, as its payer reads it on the result page (issue 17): a booking's lessons
 * (each with its teacher and start/end, ISO instants the reader shows in their own zone), a
 * top-up's amount, a subscription's package (name in the request's language).
 */
export const paymentPurchaseSchema = z.discriminatedUnion('purpose', [
  z.object({
    purpose: z.literal('booking'),
    lessons: z.array(
      z.object({
        reservationId: z.number().int(),
        teacher: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }),
        startTime: z.string(),
        endTime: z.string(),
      }),
    ),
    /** A dearer move's top-up (issue 32, ADR 033): the one lesson moves (shown at its time now) instead of being booked. */
    move: z.boolean().optional(),
  }),
  z.object({ purpose: z.literal('top_up'), amount: kwdAmountSchema }),
  z.object({
    purpose: z.literal('subscription'),
    package: z.object({ id: z.number().int(), name: z.string(), hours: z.number() }),
  }),
]);
export type PaymentPurchase = z.infer<typeof paymentPurchaseSchema>;

export const paymentSchema = z.object({
  id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  purpose: z.enum(PAYMENT_PURPOSES),
  provider: gatewayProviderSchema,
  amount: kwdAmountSchema,
  currency: z.literal('KWD'),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** For a paid booking whose slots were released meanwhile: the money went to the wallet. */
  creditedToWallet: z.boolean(),
  /** What it bought (null when that is no longer known, e.g. a subscription row that is gone). */
  purchase: paymentPurchaseSchema.nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** POST /api/v1/payments/webhook/deema: any JSON object (the order id is looked up inside). */
export const paymentWebhookBodySchema = z.looseObject({});
export const paymentWebhookResponseSchema = z.object({ received: z.literal(true), status: z.string() });
/** POST /api/v1/payments/sandbox/:id: the local sandbox gateway's checkout button. */
export const sandboxDecisionBodySchema = z.object({ action: z.enum(['pay', 'fail']) });

/**
 * The ledger transfers of the money flow itself: top-ups, bookings and their refunds, subscription
 * purchases, lesson earnings, gateway credits and manual refunds. A user's wallet lines
 * (LEDGER_LINE_KINDS) and the admin's ledger filter (ADMIN_TRANSFER_KINDS) both start with them.
 */
export const MONEY_FLOW_TRANSFER_KINDS = [
  'top_up',
  'booking',
  'booking_refund',
  'subscription_purchase',
  'lesson_earning',
  'payment_credit',
  'manual_refund',
] as const;

export const LEDGER_LINE_KINDS = [
  ...MONEY_FLOW_TRANSFER_KINDS,
  'payout_request',
  'payout_rejected',
  'adjustment',
] as const;
export type LedgerLineKind = (typeof LEDGER_LINE_KINDS)[number];

/** One movement of the signed-in user's wallet or earnings (newest first). */
export const walletTransactionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_LINE_KINDS),
  account: z.enum(['wallet', 'earnings']),
  /** Signed: money in is positive, money out negative. */
  amount: signedKwdAmountSchema,
  createdAt: z.string(),
  reservationId: z.number().int().nullable(),
  paymentId: z.string().nullable(),
});
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;
export const walletTransactionsQuerySchema = z.object({ ...pagingQuery(50, 10), lang: langQuery });
export const walletTransactionsResponseSchema = listResponseSchema(walletTransactionSchema);
export type WalletTransactionsResponse = z.infer<typeof walletTransactionsResponseSchema>;
