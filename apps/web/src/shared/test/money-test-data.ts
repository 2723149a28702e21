import type {
  ActiveSubscriptionResponse,
  BalanceResponse,
  BookingQuoteResponse,
  BookingResponse,
  EarningsSummary,
  Payment,
  PaymentMethodsResponse,
  Reservation,
  SubscriptionPackage,
  UserSubscription,
} from '@ustaz/contract';
import type { BookingSlot } from '../money/money-modals.ts';
import type { RealtimeEventMap } from '../realtime/realtime-events.ts';
import { factory } from './factory.ts';

/** Test data factories for the money screens (booking, top-up, subscriptions, payment results). */

export const balanceResponse = factory<BalanceResponse>(() => ({
  balance: '30.000',
  currency: 'KWD',
  earnings: '0.000',
  remainingHours: 0,
}));

export function paymentMethodsResponse(deemaMin = '10.000'): PaymentMethodsResponse {
  return {
    currency: 'KWD',
    methods: [
      { id: 'payzah', enabled: true, minAmount: '0.100', sandbox: true },
      { id: 'deema', enabled: true, minAmount: deemaMin, sandbox: true },
    ],
  };
}

export const bookingSlot = factory<BookingSlot>((sequence) => ({
  id: 500 + sequence,
  price: '12.500',
  hours: 1,
  timeRange: '6:00 – 7:00 PM',
  date: 'Saturday, March 14, 2099',
}));

export const reservation = factory<Reservation>(() => ({
  id: 1,
  status: 'confirmed',
  startTime: '2099-03-14T15:00:00.000Z',
  endTime: '2099-03-14T16:00:00.000Z',
  price: '12.500',
  hours: 1,
  note: '',
  paidWith: 'wallet',
  paidBy: { subscriptionHours: 0, subscriptionValue: '0.000', wallet: '12.500', gateway: '0.000' },
  teacher: {
    id: 42,
    teacherProfileId: 7,
    firstName: 'Mona',
    lastName: 'Al-Sabah',
    photoUrl: null,
    timeZone: 'Asia/Kuwait',
  },
  student: { id: 9, firstName: 'Fahad', lastName: 'Al-Ali', photoUrl: null, timeZone: null },
  canCancel: true,
  cancelDeadline: '2099-03-13T15:00:00.000Z',
  cancelledAt: null,
  cancelledBy: null,
  cancelReason: null,
  paymentId: null,
  payment: null,
  dispute: null,
  kind: 'lesson',
  revision: 0,
  rescheduledAt: null,
  canReschedule: true,
  rescheduleDeadline: '2099-03-14T03:00:00.000Z',
  proposal: null,
  freeCancel: false,
  standingBookingId: null,
  chargeAt: null,
  createdAt: '2026-03-01T10:00:00.000Z',
}));

export const bookingResponse = factory<BookingResponse>(() => ({
  paymentStatus: 'PAID',
  paidWith: 'wallet',
  breakdown: { subscriptionHours: 0, subscriptionValue: '0.000', wallet: '12.500' },
  reservations: [reservation()],
  balance: '17.500',
  remainingHours: 0,
}));
/** The booking answer while the lessons wait for the gateway: payment `pay_1`, its page, the slots held 15 minutes. */
export function gatewayBookingResponse(overrides: Partial<BookingResponse> = {}): BookingResponse {
  return bookingResponse({
    paymentStatus: 'PENDING',
    paidWith: 'deema',
    paymentLink: 'https://pay.example/checkout/abc',
    paymentId: 'pay_1',
    holdExpiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    ...overrides,
  });
}

/** What the socket tells the tabs once the gateway paid or failed the booking payment `pay_1`. */
export function bookingPaymentNotice(type: 'payment.paid' | 'payment.failed'): RealtimeEventMap['notification'] {
  return {
    id: 1,
    type,
    data: { paymentId: 'pay_1', purpose: 'booking' },
    readAt: null,
    createdAt: new Date().toISOString(),
  };
}

/** A quote of booking `slots` (each 1 h, from 2099-03-14T15:00Z on, 12.500 KWD) paid from the wallet. */
export function bookingQuote(
  overrides: Partial<BookingQuoteResponse> = {},
  slots: Partial<BookingQuoteResponse['slots'][number]>[] = [{}],
): BookingQuoteResponse {
  const quoted = slots.map((slot, index) => {
    const start = Date.parse('2099-03-14T15:00:00.000Z') + index * 3_600_000;
    return {
      id: 101 + index,
      startTime: new Date(start).toISOString(),
      endTime: new Date(start + 3_600_000).toISOString(),
      price: '12.500',
      cancelDeadline: new Date(start - 24 * 3_600_000).toISOString(),
      cancellable: true,
      ...slot,
    };
  });
  const total = (quoted.reduce((sum, slot) => sum + Math.round(Number(slot.price) * 1000), 0) / 1000).toFixed(3);
  return {
    total,
    breakdown: { subscriptionHours: 0, subscriptionValue: '0.000', wallet: total },
    balance: '30.000',
    sufficient: true,
    slots: quoted,
    ...overrides,
  };
}

export const subscriptionPackage = factory<SubscriptionPackage>(() => ({
  id: 1,
  name: 'Starter',
  nameAr: 'باقة البداية',
  hours: 5,
  price: '45.000',
  currency: 'KWD',
  description: 'Five lesson hours for one month.',
  descriptionAr: 'خمس ساعات دروس لمدة شهر.',
  type: 'standard',
  validityDays: 30,
  features: ['Any teacher', 'Cancel up to 24 hours before'],
  featuresAr: ['أي معلم', 'إلغاء حتى ٢٤ ساعة قبل الدرس'],
  discountPercentage: 10,
  isActive: true,
}));

export const userSubscription = factory<UserSubscription>(() => ({
  id: 3,
  package: { id: 1, name: 'Starter', nameAr: 'باقة البداية', hours: 5 },
  status: 'active',
  totalHours: 5,
  remainingHours: 3.5,
  price: '45.000',
  paidWith: 'wallet',
  purchasedAt: '2026-03-01T10:00:00.000Z',
  startsAt: '2026-03-01T10:00:00.000Z',
  expiresAt: '2026-03-31T10:00:00.000Z',
}));

export function activeSubscription(
  subscription: UserSubscription | null = userSubscription(),
): ActiveSubscriptionResponse {
  return { remainingHours: subscription?.remainingHours ?? 0, subscription };
}

export const payment = factory<Payment>(() => ({
  id: 'pay_7Hq2',
  status: 'paid',
  purpose: 'top_up',
  provider: 'payzah',
  amount: '20.000',
  currency: 'KWD',
  createdAt: '2026-03-10T09:00:00.000Z',
  paidAt: '2026-03-10T09:01:00.000Z',
  creditedToWallet: false,
  purchase: { purpose: 'top_up', amount: '20.000' },
}));

/** A teacher's earnings: some available to pay out (above the minimum), some still pending. */
export const earningsSummary = factory<EarningsSummary>(() => ({
  available: '30.000',
  pending: '12.500',
  requested: '0.000',
  paidOut: '5.000',
  minimumPayout: '10.000',
  currency: 'KWD',
}));
