import type { BookingQuoteResponse, BookingResponse, Language, ReservationScope } from '@ustaz/contract';
import { book } from './book.ts';
import { releaseExpiredHolds } from './booking.repo.ts';
import { createCancellationService } from './booking-cancellation.service.ts';
import type { BookingContext, BookingDeps } from './booking-context.ts';
import { bookingPaymentPurpose } from './booking-payment-purpose.ts';
import { quote } from './booking-quote.ts';
import { createLessonCompletion } from './lesson-completion.service.ts';
import { createMoveTopUp } from './move-top-up.ts';
import { createProposalsService } from './proposals.service.ts';
import { createRescheduleService } from './reschedule.service.ts';
import { lessonsSince, listOf } from './reservation-lists.ts';
import type { BookInput } from './slot-taking.ts';
import { createStandingService } from './standing.service.ts';
import { createTopUpBooking } from './top-up-booking.ts';

export type { BookInput } from './slot-taking.ts';

/**
 * Booking (ARCHITECTURE "Server rules"): the quote, booking with the balance or through a gateway,
 * and the list of a user's reservations; with cancellation (`booking-cancellation.service.ts`) and
 * lesson completion (`lesson-completion.service.ts`) it is the service the routes, the admin and
 * the money sweeper use. Every change of slots, reservations, subscription hours and the ledger
 * for one request happens in one transaction: all slots or none, charged once.
 */
export function createBookingService({
  db,
  payments,
  platformFeePercent,
  mailer,
  publicUrl = '',
  clock = () => new Date(),
}: BookingDeps) {
  const cancellation = createCancellationService({ db, clock });
  const mail = { mailer, publicUrl };
  const completion = createLessonCompletion({ db, platformFeePercent, mail });
  const moveTopUp = createMoveTopUp({ payments, mail, clock });
  const topUpBooking = createTopUpBooking({ db, payments, moveTopUp, mail, clock });
  const ctx: BookingContext = { db, payments, clock, mail, topUpBooking };

  payments.registerPurpose('booking', bookingPaymentPurpose(ctx));

  return {
    book: (userId: number, input: BookInput, now = clock()): Promise<BookingResponse> => book(ctx, userId, input, now),

    /** What booking these slots with the balance would take, split as the booking would split it. */
    quote: (userId: number, slotIds: number[], now = clock()): Promise<BookingQuoteResponse> =>
      quote(ctx, userId, slotIds, now),

    list: (userId: number, scope: ReservationScope, page: number, limit: number, language?: Language, now = clock()) =>
      listOf(ctx, userId, scope, page, limit, language, now),

    /** The user's booked lessons (as student and as teacher) ending after `since`, soonest first: the calendar feed. */
    lessonsSince: (userId: number, since: Date, limit: number, now = clock()) =>
      lessonsSince(ctx, userId, since, limit, now),

    ...cancellation,
    ...createRescheduleService({ db, mail, moveTopUp, clock }),
    ...createProposalsService({ db, mail, clock }),
    ...completion,
    releaseExpiredHolds: (now = clock()) => releaseExpiredHolds(db, now),
    /** Standing weekly series (issue 32): create, preview, list, skip, stop, and the sweeper's charge/release. */
    standing: createStandingService(ctx),
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
