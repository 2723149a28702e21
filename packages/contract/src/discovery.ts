import { z } from 'zod';
import { publicUserSchema, userSchema } from './auth.ts';
import { BOOKING, SEARCH_TYPES, SLOT_STATUSES, SUBJECT_PAGE_SIZE } from './constants.ts';
import { asciiDigitsValue } from './digits.ts';
import { kwdTextOrNull, kwdToFils, MIN_PRICE_PER_HOUR_FILS, minSlotPriceFils } from './kwd.ts';
import { listResponseSchema, pagingQuery } from './list.ts';
import { meetingLinkSchema } from './meeting-links.ts';
import { TEACHER_SORT_FIELDS, TEACHER_SORT_ORDERS } from './teacher-search-fields.ts';
import { timeZoneSchema } from './time-zone.ts';
import { visibleText } from './visible-text.ts';
import { SLOT_KINDS, TRIAL_MINUTES } from './weekly-habit.ts';

/** Subjects, teachers, time slots, reviews and search (spec 3 and 7; issue "Discovery"). */

/** The id of a row (a 32-bit serial column): a larger number would fail in the database, not in validation. */
export const rowIdSchema = z.number().int().positive().max(2_147_483_647);

/**
 * A KWD amount as the API takes it: read by `readKwdText`, the one parser of every amount field
 * (Arabic-Indic or Persian digits, the Arabic separators ٫ and ٬ in groups of three), then plain
 * ASCII text with up to 3 decimals ("١٬٥٠٠٫٥" is "1500.5"). What the parser refuses stays as typed
 * and fails the pattern (422 `invalid`).
 */
export function kwdTextSchema({ signed = false }: { signed?: boolean } = {}) {
  const maxWholeDigits = signed ? 9 : 7;
  const pattern = signed ? /^-?\d{1,9}(\.\d{1,3})?$/ : /^\d{1,7}(\.\d{1,3})?$/;
  return z
    .string()
    .overwrite((text) => kwdTextOrNull(text, { signed, maxWholeDigits }) ?? text)
    .regex(pattern);
}

/** KWD amounts travel as decimal strings with up to 3 decimals ("12.500"); the server keeps fils. */
export const kwdAmountSchema = kwdTextSchema();

/** A query value before a number schema: a typed amount read by `readKwdText` (refused text stays as it is). */
function kwdTextValue(value: unknown): unknown {
  return typeof value === 'string' ? (kwdTextOrNull(value) ?? value) : value;
}

/**
 * A teacher's hourly rate as set (own profile, admin edit, promotion, application): a KWD amount from
 * BOOKING.minPricePerHourKwd (0.500, else `tooSmall`) to BOOKING.maxPricePerHourKwd (else `tooBig`).
 */
export const hourlyRateInputSchema = kwdAmountSchema
  .refine((value) => kwdToFils(value) >= MIN_PRICE_PER_HOUR_FILS, { message: 'tooSmall', params: { code: 'tooSmall' } })
  .refine((value) => kwdToFils(value) <= kwdToFils(BOOKING.maxPricePerHourKwd), {
    message: 'tooBig',
    params: { code: 'tooBig' },
  });

/**
 * A teacher's trial price (issue 32): the price of one TRIAL_MINUTES lesson, from the slot minimum for
 * that length (0.250 KWD, else `tooSmall`) to half the highest hourly rate (else `tooBig`).
 */
export const trialPriceInputSchema = kwdAmountSchema
  .refine((value) => kwdToFils(value) >= minSlotPriceFils(TRIAL_MINUTES), {
    message: 'tooSmall',
    params: { code: 'tooSmall' },
  })
  .refine((value) => kwdToFils(value) <= kwdToFils(BOOKING.maxPricePerHourKwd) / 2, {
    message: 'tooBig',
    params: { code: 'tooBig' },
  });

const booleanQuery = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .optional()
  .transform((value) =>
    value === '' || value === undefined ? undefined : value === true || value === 'true' || value === '1',
  );

export { listResponseSchema };

// Subjects -------------------------------------------------------------------------------------

export const subjectSchema = z.object({
  id: z.number().int(),
  /** In the request language (Accept-Language or ?lang), falling back to Arabic. */
  name: z.string(),
  description: z.string(),
  /** A lucide icon name; the client shows a book when it does not know it. */
  icon: z.string(),
  isActive: z.boolean(),
});
export type Subject = z.infer<typeof subjectSchema>;

export const subjectsQuerySchema = z.object({
  isActive: booleanQuery,
  search: z.string().trim().max(100).optional(),
  ...pagingQuery(50, SUBJECT_PAGE_SIZE),
  lang: z.enum(['ar', 'en']).optional(),
});
export const subjectsResponseSchema = listResponseSchema(subjectSchema);

export const logNotFoundBodySchema = z.object({
  keywords: z.string().trim().min(1).max(200),
  searchType: z.enum(SEARCH_TYPES).default('subject'),
});

// Teachers -------------------------------------------------------------------------------------

export const teacherProfileSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  bio: z.string(),
  major: z.string(),
  experienceYears: z.number().int(),
  hourlyRate: kwdAmountSchema,
  /** The price of the teacher's 30-minute trial lesson (issue 32), null when they offer none. */
  trialPrice: kwdAmountSchema.nullable(),
  videoUrl: z.string().nullable(),
  averageRating: z.number(),
  ratingCount: z.number().int(),
  bookingsCount: z.number().int(),
  subjects: z.array(z.object({ id: z.number().int(), name: z.string() })),
  user: z.object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    photo: z.object({ id: z.string(), path: z.string() }).nullable(),
  }),
});
export type TeacherProfile = z.infer<typeof teacherProfileSchema>;

export { RELIABILITY_MIN_LESSONS, RELIABILITY_REPLY_DAYS } from './reliability.ts';

/**
 * Reliability figures (issue 16), computed from what happened: completed lessons; the share of due
 * lessons (completed, or cancelled as a teacher no-show) the teacher attended; the median minutes
 * from a student's first message to the teacher's first reply after it, over conversations the
 * student opened in the last 90 days (null: none answered); and the share of the teacher's
 * students with two or more completed lessons. Rates are fractions from 0 to 1.
 */
export const teacherReliabilitySchema = z.object({
  lessonsTaught: z.number().int(),
  attendanceRate: z.number(),
  medianFirstReplyMinutes: z.number().nullable(),
  repeatStudentShare: z.number(),
});
export type TeacherReliability = z.infer<typeof teacherReliabilitySchema>;

/** GET /api/teachers/profiles/:id (the teacher page): the profile and its reliability figures. */
export const teacherDetailSchema = teacherProfileSchema.extend({
  /** Null until the teacher has taught RELIABILITY_MIN_LESSONS lessons. */
  reliability: teacherReliabilitySchema.nullable(),
});
export type TeacherDetail = z.infer<typeof teacherDetailSchema>;
/** GET /api/teachers/previously-interacted: a bare list. */
export const teacherProfilesResponseSchema = z.array(teacherProfileSchema);

export const teacherSearchQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  minExperience: z.preprocess(asciiDigitsValue, z.coerce.number().int().min(0).max(80)).optional(),
  maxHourlyRate: z.preprocess(kwdTextValue, z.coerce.number().min(0).max(100_000)).optional(),
  minRating: z.preprocess(asciiDigitsValue, z.coerce.number().min(0).max(5)).optional(),
  /** A calendar day (YYYY-MM-DD, Kuwait time): the teacher has an open slot that day. */
  availableOn: z.iso.date().optional(),
  ...pagingQuery(50, 10),
  sortBy: z.enum(TEACHER_SORT_FIELDS).optional(),
  sortOrder: z.enum(TEACHER_SORT_ORDERS).optional(),
  mostFamous: booleanQuery,
  mostBooked: booleanQuery,
  /** Subject ids or names; `subjects[]=` (one empty value) means no subject filter. */
  subjects: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) =>
      (value === undefined ? [] : Array.isArray(value) ? value : [value])
        .map((s) => s.trim())
        .filter(Boolean)
        .slice(0, 20),
    ),
  lang: z.enum(['ar', 'en']).optional(),
});
export type TeacherSearchQuery = z.input<typeof teacherSearchQuerySchema>;
/** A teacher search counts its matches exactly up to this many; above, `total` is an estimate. */
export const TEACHER_SEARCH_EXACT_TOTAL_MAX = 1_000;
/**
 * GET /api/teachers/search: a page of teachers. `total` is exact up to
 * TEACHER_SEARCH_EXACT_TOTAL_MAX matches; above it, the database's estimate (at least one more
 * than that) and `totalIsEstimate: true`, so a client may say "about" (pages past the real end
 * answer an empty `data`).
 */
export const teacherSearchResponseSchema = listResponseSchema(teacherProfileSchema).extend({
  totalIsEstimate: z.boolean().optional(),
});

/** GET /api/teachers/profiles/me and the owner's PATCH: the public profile plus the owner's settings. */
export const ownTeacherProfileSchema = teacherProfileSchema.extend({
  timeZone: z.string(),
  /** Both bios as stored (the owner's editor shows them side by side). */
  bioAr: z.string(),
  bioEn: z.string(),
  /** The external meeting link for every lesson (Zoom, Meet, Teams), or null: lessons use the room. */
  meetingLink: z.string().nullable(),
});
export type OwnTeacherProfile = z.infer<typeof ownTeacherProfileSchema>;

export const TEACHER_BIO_MAX = 2000;

export const teacherProfilePatchSchema = z.object({
  bio: visibleText(z.string().trim().max(TEACHER_BIO_MAX)).optional(),
  /** Either bio by its language (the owner's editor sends both); wins over `bio` for that language. */
  bioAr: visibleText(z.string().trim().max(TEACHER_BIO_MAX)).optional(),
  bioEn: visibleText(z.string().trim().max(TEACHER_BIO_MAX)).optional(),
  major: visibleText(z.string().trim().max(120)).optional(),
  experienceYears: z.number().int().min(0).max(80).optional(),
  hourlyRate: hourlyRateInputSchema.optional(),
  /** The 30-minute trial's price; null offers no trial. Open future trial slots take the new price. */
  trialPrice: trialPriceInputSchema.nullable().optional(),
  videoUrl: z.string().trim().max(300).nullable().optional(),
  subjectIds: z.array(rowIdSchema).max(20).optional(),
  /** The zone the teacher enters times in (IANA). */
  timeZone: timeZoneSchema.optional(),
  /** The external meeting link for every lesson; null removes it (field code `meetingLinkNotAllowed`). */
  meetingLink: meetingLinkSchema.nullable().optional(),
  /**
   * With a new `hourlyRate`: the teacher's open slots that have not started take the new rate too.
   * Without it a rate change prices new slots only; held and booked slots never change.
   */
  applyToOpenSlots: z.boolean().optional(),
});
export type TeacherProfilePatch = z.input<typeof teacherProfilePatchSchema>;

// Time slots -----------------------------------------------------------------------------------

export const timeSlotSchema = z.object({
  id: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  price: kwdAmountSchema,
  status: z.enum(SLOT_STATUSES),
  /** 'trial' for the teacher's 30-minute trial lesson (issue 32). */
  kind: z.enum(SLOT_KINDS),
});
export type TimeSlot = z.infer<typeof timeSlotSchema>;
/** GET /api/teachers/teachers/:id/available-time-slots. */
export const timeSlotsResponseSchema = z.array(timeSlotSchema);
/**
 * The query of GET /api/teachers/teachers/:id/available-time-slots: `from` (an instant) starts the
 * list there instead of now (a `from` already past reads as now); either way it covers the
 * AVAILABLE_SLOTS_DAYS days after its start. The next-week offer after a booking asks from the lesson.
 */
export const availableSlotsQuerySchema = z.object({ from: z.iso.datetime({ offset: true }).optional() });
export type AvailableSlotsQuery = z.infer<typeof availableSlotsQuerySchema>;

// Reviews --------------------------------------------------------------------------------------

export const REVIEW_TYPES = ['teacher_to_student', 'student_to_teacher'] as const;

export const reviewSchema = z.object({
  id: z.number().int(),
  type: z.enum(REVIEW_TYPES),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  teacherId: z.number().int(),
  studentId: z.number().int(),
  teacherName: z.string(),
  studentName: z.string(),
  teacherPhotoUrl: z.string().nullable(),
  studentPhotoUrl: z.string().nullable(),
  createdAt: z.string(),
  /**
   * Double-blind: false until the other side has reviewed the same lesson or 7 days have passed;
   * only the author ever sees an unpublished review.
   */
  published: z.boolean(),
  /**
   * The review's lesson was paid (at least the minimum price) and attended by both parties (issue 29):
   * only such reviews count toward the teacher's rating and carry the "verified lesson" mark.
   */
  verifiedLesson: z.boolean(),
  /** The reviewed teacher's one public reply, null until written. */
  reply: z.object({ text: z.string(), createdAt: z.string() }).nullable(),
  /**
   * The lesson's subject, its name in the request language (Accept-Language or ?lang). Bookings do
   * not record a subject, so this is the teacher's first subject (by the subjects' order); null
   * when the teacher has none.
   */
  subject: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type Review = z.infer<typeof reviewSchema>;
/** GET /api/reviews and /api/reviews/for-teacher/:id: a bare list. */
export const reviewsResponseSchema = z.array(reviewSchema);

export const reviewsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
  lang: z.enum(['ar', 'en']).optional(),
});

/** Reservations a review-state request may ask about at once (a page of the reservations list). */
export const REVIEW_STATES_MAX_IDS = 50;

/** GET /api/reviews/mine?reservationIds=1,2,3: comma-separated reservation ids (none: an empty answer). */
export const reviewStatesQuerySchema = z.object({
  reservationIds: z
    .string()
    .trim()
    .max(REVIEW_STATES_MAX_IDS * 11)
    .regex(/^(\d{1,10}(,\d{1,10})*)?$/)
    .default('')
    .transform((text) => [...new Set(text ? text.split(',').map(Number) : [])])
    .pipe(z.array(rowIdSchema).max(REVIEW_STATES_MAX_IDS)),
});

/**
 * The signed-in user's review state for one reservation they are a party of: whether they wrote
 * their side's review, whether they may write it now (completed, within 14 days of the end, not
 * written yet), and until when (null unless the lesson is completed).
 */
export const reviewStateSchema = z.object({
  reservationId: z.number().int(),
  mine: z.enum(['none', 'written']),
  canReview: z.boolean(),
  reviewDeadline: z.string().nullable(),
  /** The other side's review of the caller, once published (double-blind), else null. */
  aboutMe: z.object({ rating: z.number().int(), comment: z.string().nullable() }).nullable(),
});
export type ReviewState = z.infer<typeof reviewStateSchema>;
/** Only reservations the caller is a party of are answered; other ids are left out. */
export const reviewStatesResponseSchema = z.array(reviewStateSchema);

/** POST /api/reviews/:id/reply: the reviewed teacher's one reply to a published review. */
export const reviewReplyBodySchema = z.object({ text: z.string().trim().min(1).max(1000) });

export const createReviewBodySchema = z.object({
  reservationId: rowIdSchema,
  type: z.enum(REVIEW_TYPES),
  rating: z.number().int().min(1).max(5),
  comment: z.string().trim().max(1000).default(''),
});

// Users ----------------------------------------------------------------------------------------

/** GET /api/v1/auth/users/:id: the whole user for oneself (or an admin), the public part otherwise. */
export const userProfileResponseSchema = z.union([userSchema, publicUserSchema]);
