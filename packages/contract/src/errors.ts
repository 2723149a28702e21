import { z } from 'zod';

/**
 * Error shapes of the API (architecture page, "API conventions").
 * Validation failures: 422 with a code per field. Everything else: status, message, code.
 * Both kinds of code are closed sets: the server's types accept no other (`HttpError`,
 * `FieldValidationError`), and the client translates each.
 */
export const ERROR_CODES = [
  'badRequest',
  'unauthorized',
  'forbidden',
  'notFound',
  'conflict',
  'payloadTooLarge',
  'tooManyRequests',
  'internalError',
  'serviceUnavailable',
  // Money and booking
  'slotUnavailable',
  'gatewayError',
  'idempotencyKeyInUse',
  'cancellationClosed',
  'slotNotEditable',
  'slotOverlap',
  'paymentMismatch',
  'priceChanged',
  'teacherUnavailable',
  'tooManyPendingPayments',
  /** 409 of a gateway booking: unpaid holds of all students already cover BOOKING's share of this teacher's calendar. */
  'teacherSlotsHeld',
  'selfRefund',
  'accountDeleted',
  // Weekly habit (issue 32)
  /** 409 of a reschedule less than RESCHEDULE_MIN_HOURS before the lesson's start. */
  'rescheduleTooLate',
  /** 409 of a reschedule to a slot of another length than the lesson's. */
  'rescheduleOtherLength',
  /** 409 of a reschedule of a lesson that is not upcoming and confirmed (cancelled, past, or awaiting payment). */
  'lessonNotMovable',
  /** 409 of a reschedule while a move of the same lesson still waits for its gateway top-up. */
  'moveAwaitingPayment',
  /** 409 of a teacher's proposal while another proposal for the lesson is still open. */
  'proposalExists',
  /** 409 of an answer to a proposal already accepted, declined or lapsed. */
  'proposalClosed',
  /** 409 of a second trial lesson with the same teacher (a trial not cancelled already exists). */
  'trialAlreadyTaken',
  /** 409 of a trial slot of a teacher who offers no trial (trialPrice null). */
  'trialNotOffered',
  /** 409 of a receipt of a payment or lesson that is not paid (yet): there is nothing to show on paper. */
  'notPaid',
  /** 409 of skip/stop on a standing series that is no longer active, or a skip of a lesson not in it. */
  'standingNotActive',
  /** 409 of a new standing series past STANDING.maxUnpaidLessons unpaid series lessons of this student. */
  'standingLimitReached',
  /**
   * 409 of a new standing series past STANDING.newcomerUnpaidPerTeacher unpaid series lessons held at
   * this teacher by students without a verified lesson with them (ADR 037).
   */
  'standingTeacherFull',
  // Accounts
  'registrationDisabled',
  'googleSignInDisabled',
  'invalidGoogleToken',
  'refreshTokenReused',
  /**
   * 429 of a sign-in past the account-wide cap (failures from many addresses): this address is not
   * one the owner signed in from lately; a mailed sign-in link (POST /auth/sign-in-link) gets in.
   */
  'accountThrottled',
  /** 409 of DELETE /auth/me while the user has upcoming pending or confirmed reservations. */
  'hasUpcomingReservations',
  // Reviews
  'reviewAlreadyExists',
  /** 409 of POST /api/reviews: the reservation is not completed (yet). */
  'lessonNotCompleted',
  /** 409 of POST /api/reviews: more than 14 days have passed since the lesson ended. */
  'reviewWindowClosed',
  /** 409 of POST /api/reviews/:id/reply: the review already has its one reply. */
  'replyAlreadyExists',
  /** 409 of PUT /api/v1/lessons/{id}/meeting-link: the lesson is not confirmed or has ended. */
  'lessonNotEditable',
  /** 409 of PUT /api/v1/lessons/{id}/meeting-link: the room has opened, the lesson's link is fixed (issue 29). */
  'meetingLinkFixed',
  // Lesson problems and disputes (issue 16)
  /** 409 of POST /api/v1/lessons/{id}/problem: before the start, 24 h after the end, or the earning is released. */
  'problemWindowClosed',
  /** 409 of POST /api/v1/lessons/{id}/problem: the lesson was cancelled (or is not booked). */
  'lessonNotReportable',
  /** 409 of POST /api/v1/lessons/{id}/problem: a problem was already reported for this lesson. */
  'problemAlreadyReported',
  /** 409 of POST /api/v1/admin/disputes/{id}/resolve: an admin resolved it already. */
  'disputeAlreadyResolved',
  // Admin
  'versionConflict',
  // Files
  'uploadQuotaExceeded',
  /** 409 of POST /api/v1/push/subscriptions: the endpoint is registered to another user (it does not move). */
  'endpointTaken',
  // Payouts: 409 when the payout was already paid or rejected (an admin decides it once)
  'payoutAlreadyDecided',
  // Teaching: 403 of an unconfirmed applicant, 409 of a second pending application or a decided one
  'emailNotConfirmed',
  'applicationPending',
  'applicationNotPending',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Field-level validation codes the client translates (`errors.<code>`): the only values of a 422's
 * `errors`. A custom check in a schema names its code with `params: { code }` (see
 * `positiveKwdInputSchema`); the server sends it as it is.
 */
export const VALIDATION_CODES = [
  'required',
  'invalid',
  'tooShort',
  'tooLong',
  'tooSmall',
  'tooBig',
  'invalidType',
  'unknownField',
  'notFound',
  // Accounts
  'incorrectPassword',
  'emailAlreadyExists',
  'emailNotConfirmed',
  'accountSuspended',
  'invalidHash',
  'hashExpired',
  /** A spent confirmation link of an account already confirmed (issue 30 item 13): sign in. */
  'emailAlreadyConfirmed',
  'readOnly',
  /** A name spelled for Arabic pages in another script, or for English pages in a non-Latin one (ADR 020). */
  'notArabicScript',
  'notLatinScript',
  /** A name, bio, major or bank holder name with a bidi control or a zero-width character (issue 29, visible-text.ts). */
  'invalidCharacters',
  // Files
  'tooLarge',
  // Reviews
  'reservationNotCompleted',
  // Money and booking
  'insufficientBalance',
  'idempotencyKeyReused',
  'belowMinimum',
  'ownSlot',
  'inPast',
  'packageUnavailable',
  // A teacher's weekly series: 12 weeks at most, an end after the start, a time zone Intl knows
  'rangeTooLong',
  'endBeforeStart',
  'invalidTimeZone',
  // Payouts
  'invalidIban',
  'ibanWrongLength',
  /** An IBAN of another country than Kuwait: payouts go to Kuwaiti banks only (issue 29). */
  'ibanNotKuwaiti',
  'bankAccountRequired',
  // Admin
  'notStudent',
  'protectedUser',
  'alreadyExists',
  // An external meeting link that is not https on Zoom, Meet or Teams (or has credentials, or is too long)
  'meetingLinkNotAllowed',
  // Disputes: a refund larger than what was paid for the lesson
  'refundTooLarge',
] as const;
export type ValidationCode = (typeof VALIDATION_CODES)[number];

export const fieldErrorCodeSchema = z.enum(VALIDATION_CODES);

export const validationErrorSchema = z.object({
  status: z.literal(422),
  errors: z.record(z.string(), fieldErrorCodeSchema),
});
export type ValidationError = z.infer<typeof validationErrorSchema>;

export const apiErrorSchema = z.object({
  status: z.number().int().min(400).max(599),
  message: z.string(),
  code: z.enum(ERROR_CODES),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
