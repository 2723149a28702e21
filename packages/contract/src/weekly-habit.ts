/** The weekly habit's constants (issue 32): moving a lesson, standing weekly lessons, trial lessons. */

/**
 * Moving a booked lesson (issue 32): a student may move it to another open slot of the same teacher
 * and the same length until this many hours before its start; inside that window only the teacher's
 * proposal (accepted by the student) can move it.
 */
export const RESCHEDULE_MIN_HOURS = 12;
/** A teacher's proposal of a new time carries a note of at most this many characters. */
export const PROPOSAL_NOTE_MAX_LENGTH = 500;

/**
 * Standing weekly lessons (issue 32): a series of 4 to 12 weeks at the first lesson's weekday and
 * time. Each lesson is charged from the wallet or hours `chargeHoursBefore` its start; when that
 * fails the student is told and may top up until `releaseHoursBefore` the start, after which that
 * week's slot is released and both parties are told.
 */
export const STANDING = {
  minWeeks: 4,
  maxWeeks: 12,
  chargeHoursBefore: 48,
  releaseHoursBefore: 24,
  /**
   * Unpaid series lessons one student may hold at once, over all their series (a series books weeks
   * before they are paid: without a cap, accounts with empty wallets could block a teacher's term).
   * Creating a series also needs a balance (wallet and hours) that covers its first lesson.
   */
  maxUnpaidLessons: 12,
  /**
   * The cross-account room at one teacher (ADR 037): the unpaid series lessons held at a teacher by
   * students who have not had a verified lesson with them yet (completed, paid, attended by both and
   * not refunded in full) may be at most this many together, whoever holds them, so several accounts
   * of one person (each under `maxUnpaidLessons`) cannot hold a teacher's term. Counted under a lock
   * per teacher (two racing accounts cannot both pass); a student with a verified lesson with that
   * teacher is neither counted nor limited by it. Beyond: 409 standingTeacherFull.
   */
  newcomerUnpaidPerTeacher: 24,
} as const;
export const STANDING_STATUSES = ['active', 'stopped', 'ended'] as const;
export type StandingStatus = (typeof STANDING_STATUSES)[number];

/** A trial lesson (issue 32): 30 minutes at the teacher's `trialPrice`, one per student and teacher. */
export const TRIAL_MINUTES = 30;
/** What a slot is: an ordinary lesson, or a teacher's 30-minute trial at their trial price. */
export const SLOT_KINDS = ['lesson', 'trial'] as const;
export type SlotKind = (typeof SLOT_KINDS)[number];
