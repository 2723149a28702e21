import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { BookingMail } from './booking-notices.ts';
import type { createTopUpBooking } from './top-up-booking.ts';

export type BookingDeps = {
  db: Db;
  payments: PaymentsService;
  /** The server's clock (TEST_CLOCK_OFFSET_SECONDS): what is bookable, upcoming or cancellable follows it. */
  clock?: Clock;
  /** The booking confirmation mail goes through the outbox (none in tests that do not need it). */
  mailer?: Mailer;
  publicUrl?: string;
  /** The platform's share of a lesson, percent (the rest goes to the teacher's earnings). */
  platformFeePercent: number;
};

/** What the booking operations share, built once by `createBookingService`. */
export type BookingContext = {
  db: Db;
  payments: PaymentsService;
  clock: Clock;
  mail: BookingMail;
  topUpBooking: ReturnType<typeof createTopUpBooking>;
};
