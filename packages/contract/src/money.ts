import { z } from 'zod';
import {
  BOOKING,
  DISPUTE_STATUSES,
  PACKAGE_TYPES,
  PAYMENT_METHODS,
  RECURRING_SLOTS,
  RESERVATION_CANCELLERS,
  SLOT_STATUSES,
  SUBSCRIPTION_PAGE_SIZE,
} from './constants.ts';
import { kwdAmountSchema, kwdTextSchema, listResponseSchema } from './discovery.ts';
import { pagingQuery } from './list.ts';

/**
 * Money: wallet, payments, booking, subscriptions, reservations and a teacher's availability
 * (spec 3 and 7 "Booking, balance, subscriptions"; ARCHITECTURE "Server rules").
 * Amounts are KWD decimal strings with up to 3 decimals ("12.500"); the server keeps integer fils.
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

const languageSchema = z.enum(['ar', 'en']);
const noteSchema = z.string().trim().max(BOOKING.noteMaxLength).optional();
/** `?lang` picks the language of bilingual content (else Accept-Language). */
const langQuery = z.enum(['ar', 'en']).optional();

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

// Reservations ---------------------------------------------------------------------------------

export const RESERVATION_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

const personSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  photoUrl: z.string().nullable(),
});

export const reservationSchema = z.object({
  id: z.number().int(),
  status: z.enum(RESERVATION_STATUSES),
  startTime: z.string(),
  endTime: z.string(),
  price: kwdAmountSchema,
  /** Length of the lesson in hours (what a subscription pays). */
  hours: z.number(),
  note: z.string(),
  paidWith: z.enum(PAID_WITH),
  /**
   * What was paid for it, by source (issue 30): subscription hours (and what they were worth), the
   * wallet and the gateway (KWD). Null while a gateway payment is still awaited, and for a lesson
   * whose gateway payment never went through (failed, expired, or credited to the wallet instead).
   */
  paidBy: z
    .object({
      subscriptionHours: z.number(),
      subscriptionValue: kwdAmountSchema,
      wallet: kwdAmountSchema,
      gateway: kwdAmountSchema,
    })
    .nullable(),
  /**
   * The teacher (profile id in `teacherProfileId`, user id in `id`) and the IANA zone they give
   * lessons in (their profile setting), so either side can show both local times.
   */
  teacher: personSchema.extend({ teacherProfileId: z.number().int(), timeZone: z.string() }),
  /** The student and the zone their browser last reported (null when unknown). */
  student: personSchema.extend({ timeZone: z.string().nullable() }),
  /** Whether the signed-in user may cancel it now (student: until 24 h before start). */
  canCancel: z.boolean(),
  /** Until when a student may cancel (start - 24 h). */
  cancelDeadline: z.string(),
  cancelledAt: z.string().nullable(),
  cancelledBy: z.enum(RESERVATION_CANCELLERS).nullable(),
  /** Why it was cancelled: the canceller's words, or 'teacherNoShow' when the system cancelled it (issue 16). */
  cancelReason: z.string().nullable(),
  paymentId: z.string().nullable(),
  /**
   * A pending reservation's gateway payment, to the student, while it can still be paid: when the
   * held slots are released unless paid, and the gateway's payment page to continue on (the same
   * link the booking answered with; null for a payment started before the link was kept). Null
   * otherwise: to the teacher, once the payment settled, once the hold lapsed.
   */
  payment: z.object({ url: z.string().nullable(), expiresAt: z.string() }).nullable(),
  /** The problem reported for this lesson (issue 16), or null when none was. */
  dispute: z.object({ id: z.number().int(), status: z.enum(DISPUTE_STATUSES) }).nullable(),
  createdAt: z.string(),
});
export type Reservation = z.infer<typeof reservationSchema>;

export const RESERVATION_SCOPES = ['upcoming', 'past', 'cancelled'] as const;
export type ReservationScope = (typeof RESERVATION_SCOPES)[number];
export const reservationsQuerySchema = z.object({
  scope: z.enum(RESERVATION_SCOPES).default('upcoming'),
  ...pagingQuery(50, 10),
  lang: langQuery,
});
export const reservationsResponseSchema = listResponseSchema(reservationSchema);
export type ReservationsResponse = z.infer<typeof reservationsResponseSchema>;

export const cancelReservationBodySchema = z
  .strictObject({ reason: z.string().trim().max(BOOKING.noteMaxLength).optional() })
  .nullish();

export const cancelReservationResponseSchema = z.object({
  reservation: reservationSchema,
  /** What went back: money to the wallet or hours to the subscription. */
  refund: z.object({ to: z.enum(['wallet', 'subscription', 'none']), amount: kwdAmountSchema, hours: z.number() }),
});
export type CancelReservationResponse = z.infer<typeof cancelReservationResponseSchema>;

// Booking --------------------------------------------------------------------------------------

const slotIdSchema = z.number().int().positive().max(2_147_483_647);
/** One to `maxSlotsPerBooking` distinct slots. */
const slotIdsSchema = z
  .array(slotIdSchema)
  .min(1)
  .max(BOOKING.maxSlotsPerBooking)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'duplicate' });

/**
 * The total the student saw (KWD), required (issue 29: every client, not only the web app, is held
 * to the price it showed; missing is 422 `expectedTotal: required`). When the slots now cost
 * something else the booking is refused with 409 `priceChanged` and nothing is held or charged
 * (no bait and switch).
 */
const expectedTotalSchema = kwdAmountSchema;

/**
 * With `paymentMethod: 'balance'` and a wallet short of what the balance must pay (issue 30, ADR
 * 027): top up exactly the shortfall through this gateway (Payzah: KNET), the slots held meanwhile;
 * the booking is made when the top-up is paid, or the money stays in the wallet.
 */
const topUpWithSchema = gatewayProviderSchema.optional();

export const bookingSingleBodySchema = z.strictObject({
  timeSlotId: slotIdSchema,
  note: noteSchema,
  paymentMethod: paymentMethodSchema,
  language: languageSchema.optional(),
  expectedTotal: expectedTotalSchema,
  topUpWith: topUpWithSchema,
});
export type BookingSingleBody = z.input<typeof bookingSingleBodySchema>;

export const bookingMultipleBodySchema = z.strictObject({
  timeSlotIds: slotIdsSchema,
  paymentMethod: paymentMethodSchema,
  note: noteSchema,
  language: languageSchema.optional(),
  expectedTotal: expectedTotalSchema,
  topUpWith: topUpWithSchema,
});
export type BookingMultipleBody = z.input<typeof bookingMultipleBodySchema>;

/**
 * How a booking is paid (RELIABILITY I9): subscription hours first, each worth its package's own
 * price per hour, up to the slots' price; the rest from the wallet (or the gateway).
 */
export const bookingBreakdownSchema = z.object({
  /** Hours taken from the subscription (may be less than the lesson when the slot is cheaper). */
  subscriptionHours: z.number(),
  /** What those hours are worth (KWD). */
  subscriptionValue: kwdAmountSchema,
  /** What the wallet (or the gateway) pays (KWD). */
  wallet: kwdAmountSchema,
});
export type BookingBreakdown = z.infer<typeof bookingBreakdownSchema>;

/** A dry run of a booking with `balance`: what it would cost and how it would be split. */
export const bookingQuoteBodySchema = z.strictObject({
  timeSlotIds: slotIdsSchema,
});
export const bookingQuoteResponseSchema = z.object({
  total: kwdAmountSchema,
  breakdown: bookingBreakdownSchema,
  /** The wallet now, and whether it covers the wallet part. */
  balance: kwdAmountSchema,
  sufficient: z.boolean(),
  slots: z.array(
    z.object({
      id: z.number().int(),
      startTime: z.string(),
      endTime: z.string(),
      price: kwdAmountSchema,
      /** Until when the student may cancel (start - 24 h). */
      cancelDeadline: z.string(),
      /** Already inside the 24 h window: it can never be cancelled by the student. */
      cancellable: z.boolean(),
    }),
  ),
});
export type BookingQuoteResponse = z.infer<typeof bookingQuoteResponseSchema>;

export const bookingResponseSchema = z.object({
  paymentStatus: z.enum(CLIENT_PAYMENT_STATUSES),
  breakdown: bookingBreakdownSchema,
  /** Set for a gateway payment: open it in a new tab; the slots are held meanwhile. */
  paymentLink: z.string().optional(),
  paymentId: z.string().optional(),
  paidWith: z.enum(PAID_WITH),
  reservations: z.array(reservationSchema),
  /** Wallet after the booking. */
  balance: kwdAmountSchema,
  remainingHours: z.number(),
  /** For held slots: when the hold ends unless paid. */
  holdExpiresAt: z.string().optional(),
  /** A short wallet's top-up (KWD, the shortfall) the booking waits for (`topUpWith`, ADR 026). */
  topUp: kwdAmountSchema.optional(),
});
export type BookingResponse = z.infer<typeof bookingResponseSchema>;

// Subscriptions --------------------------------------------------------------------------------

export const subscriptionPackageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameAr: z.string(),
  hours: z.number(),
  price: kwdAmountSchema,
  currency: z.literal('KWD'),
  description: z.string(),
  descriptionAr: z.string(),
  /** "custom" is the one-off package a booking builds; the list shows "standard" ones. */
  type: z.enum(PACKAGE_TYPES),
  validityDays: z.number().int(),
  features: z.array(z.string()),
  featuresAr: z.array(z.string()),
  discountPercentage: z.number(),
  isActive: z.boolean(),
});
export type SubscriptionPackage = z.infer<typeof subscriptionPackageSchema>;

export const pageQuerySchema = z.object({
  ...pagingQuery(50, SUBSCRIPTION_PAGE_SIZE),
  lang: langQuery,
});
export const subscriptionPackagesResponseSchema = listResponseSchema(subscriptionPackageSchema);
export type SubscriptionPackagesResponse = z.infer<typeof subscriptionPackagesResponseSchema>;

export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'expired', 'cancelled'] as const;
export const userSubscriptionSchema = z.object({
  id: z.number().int(),
  package: subscriptionPackageSchema.pick({ id: true, name: true, nameAr: true, hours: true }),
  status: z.enum(SUBSCRIPTION_STATUSES),
  totalHours: z.number(),
  remainingHours: z.number(),
  price: kwdAmountSchema,
  paidWith: z.enum(PAID_WITH),
  purchasedAt: z.string(),
  startsAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type UserSubscription = z.infer<typeof userSubscriptionSchema>;
export const mySubscriptionsResponseSchema = listResponseSchema(userSubscriptionSchema);
export type MySubscriptionsResponse = z.infer<typeof mySubscriptionsResponseSchema>;

export const activeSubscriptionResponseSchema = z.object({
  /** Hours left across every active subscription (0 when none). */
  remainingHours: z.number(),
  /** The active subscription that expires first (the one spent first), or null. */
  subscription: userSubscriptionSchema.nullable(),
});
export type ActiveSubscriptionResponse = z.infer<typeof activeSubscriptionResponseSchema>;

export const subscriptionPurchaseBodySchema = z.strictObject({
  packageId: z.number().int().positive().max(2_147_483_647),
  paymentMethod: paymentMethodSchema,
  language: languageSchema.optional(),
});
export type SubscriptionPurchaseBody = z.input<typeof subscriptionPurchaseBodySchema>;

export const subscriptionPurchaseResponseSchema = z.object({
  paymentStatus: z.enum(CLIENT_PAYMENT_STATUSES),
  paymentLink: z.string().optional(),
  paymentId: z.string().optional(),
  subscription: userSubscriptionSchema,
  balance: kwdAmountSchema,
});
export type SubscriptionPurchaseResponse = z.infer<typeof subscriptionPurchaseResponseSchema>;

export const subscriptionUsageSchema = z.object({
  id: z.number().int(),
  subscriptionId: z.number().int(),
  reservationId: z.number().int(),
  hours: z.number(),
  refunded: z.boolean(),
  startTime: z.string(),
  teacherName: z.string(),
  createdAt: z.string(),
});
export const mySubscriptionUsageResponseSchema = listResponseSchema(subscriptionUsageSchema).extend({
  totalHours: z.number(),
  usedHours: z.number(),
  remainingHours: z.number(),
});
export type MySubscriptionUsageResponse = z.infer<typeof mySubscriptionUsageResponseSchema>;

// A teacher's availability ---------------------------------------------------------------------

export const availabilityQuerySchema = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

export const ownSlotSchema = z.object({
  id: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  price: kwdAmountSchema,
  status: z.enum(SLOT_STATUSES),
  /** The reservation holding or booking it, when there is one. */
  reservationId: z.number().int().nullable(),
  studentName: z.string().nullable(),
  /** The weekly series that created it (POST /availability/recurring), null for a single slot. */
  seriesId: z.string().nullable(),
});
export type OwnSlot = z.infer<typeof ownSlotSchema>;
export const ownSlotsResponseSchema = z.array(ownSlotSchema);
/** A 204 answer (DELETE of a slot): no body, which the web client reads as null. */
export const noContentSchema = z.null();

export const slotBodySchema = z.strictObject({
  startTime: z.iso.datetime({ offset: true }),
  endTime: z.iso.datetime({ offset: true }),
  /** Defaults to the teacher's hourly rate times the length. */
  price: kwdAmountSchema.optional(),
});
export type SlotBody = z.input<typeof slotBodySchema>;
export const slotPatchSchema = slotBodySchema.partial();
export type SlotPatch = z.input<typeof slotPatchSchema>;

/** A wall-clock time of day, "HH:MM" (24 h), read in the teacher's zone. */
export const wallClockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/**
 * POST /api/v1/availability/recurring: slots back to back from `startTime` until `endTime` on each
 * chosen weekday (0 = Sunday .. 6 = Saturday) from `fromDate` to `toDate` (at most
 * RECURRING_SLOTS.maxRangeDays apart), in the teacher's zone. The order of the times and of the
 * days, the range and the past are checked by the server (422 with a field code).
 */
export const recurringSlotsBodySchema = z.strictObject({
  weekdays: z
    .array(z.number().int().min(0).max(6))
    .min(1)
    .max(7)
    .refine((days) => new Set(days).size === days.length, { message: 'invalid', params: { code: 'invalid' } }),
  startTime: wallClockTimeSchema,
  endTime: wallClockTimeSchema,
  lessonMinutes: z.literal(RECURRING_SLOTS.lessonMinutes),
  fromDate: z.iso.date(),
  toDate: z.iso.date(),
  /** Each slot's price; defaults to the teacher's hourly rate times the lesson length. */
  price: kwdAmountSchema.optional(),
});
export type RecurringSlotsBody = z.input<typeof recurringSlotsBodySchema>;

/** What a weekly series did: slots created, and slots left out (overlapping one of the teacher's, or past). */
export const recurringSlotsResponseSchema = z.object({
  created: z.number().int(),
  skipped: z.number().int(),
  seriesId: z.string(),
});
export type RecurringSlotsResponse = z.infer<typeof recurringSlotsResponseSchema>;

/** DELETE /api/v1/availability/series/{seriesId}: the series' open future slots removed. */
export const seriesRemovedResponseSchema = z.object({ removed: z.number().int() });
export type SeriesRemovedResponse = z.infer<typeof seriesRemovedResponseSchema>;
