import {
  ACCOUNT_STATUSES,
  ADMIN_LEDGER_ACCOUNTS,
  ATTENDANCE_VIAS,
  DEFAULT_TEACHER_TIME_ZONE,
  DISPUTE_REPORTERS,
  DISPUTE_STATUSES,
  FILE_PURPOSES,
  GATEWAY_PROVIDERS,
  LANGUAGES,
  LESSON_PROBLEM_REASONS,
  LESSON_REMINDER_KINDS,
  LESSON_ROLES,
  PACKAGE_TYPES,
  PAID_WITH,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  PAYOUT_STATUSES,
  PROPOSAL_STATUSES,
  RESERVATION_CANCELLERS,
  RESERVATION_STATUSES,
  REVIEW_TYPES,
  SEARCH_TYPES,
  SIGN_IN_PROVIDERS,
  SLOT_KINDS,
  SLOT_STATUSES,
  STANDING_STATUSES,
  SUBSCRIPTION_STATUSES,
  TEACHER_APPLICATION_STATUSES,
} from '@ustaz/contract';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * `column in ('a', 'b')` for a CHECK constraint, from one of the contract's value lists: the list
 * is written once, and the generated SQL is the same text the migrations already hold.
 */
function oneOf(column: SQL | AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;
}

/** One row of website settings (the latest row wins); `version` grows on every change. */
export const websiteSettings = pgTable('website_settings', {
  id: serial('id').primaryKey(),
  facebookUrl: text('facebook_url'),
  twitterUrl: text('twitter_url'),
  instagramUrl: text('instagram_url'),
  linkedinUrl: text('linkedin_url'),
  youtubeUrl: text('youtube_url'),
  tiktokPixelId: text('tiktok_pixel_id'),
  googleAnalyticsId: text('google_analytics_id'),
  facebookPixelId: text('facebook_pixel_id'),
  instagramPixelId: text('instagram_pixel_id'),
  hotjarId: text('hotjar_id'),
  defaultTitle: text('default_title').notNull(),
  defaultDescription: text('default_description').notNull(),
  defaultKeywords: text('default_keywords').notNull().default(''),
  defaultOgImage: text('default_og_image'),
  contactEmail: text('contact_email'),
  contactPhone: text('contact_phone'),
  contactAddress: text('contact_address'),
  /** English pages' address and app name; null: the Arabic ones (issue 30 item 15). */
  contactAddressEn: text('contact_address_en'),
  appName: text('app_name').notNull(),
  appNameEn: text('app_name_en'),
  logoUrl: text('logo_url'),
  faviconUrl: text('favicon_url'),
  primaryColor: text('primary_color').notNull(),
  secondaryColor: text('secondary_color').notNull(),
  headerScripts: text('header_scripts').notNull().default(''),
  footerScripts: text('footer_scripts').notNull().default(''),
  enableRegistration: boolean('enable_registration').notNull().default(true),
  maxUploadSize: integer('max_upload_size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  version: integer('version').notNull().default(1),
});

export type WebsiteSettingsRow = typeof websiteSettings.$inferSelect;
export type NewWebsiteSettingsRow = typeof websiteSettings.$inferInsert;

/**
 * Uploaded images; the bytes live in UPLOADS_DIR under `storage_key`. `public` files (profile
 * photos) are served to anyone; `chat` files only to their owner and, once attached to a message,
 * to the other participant of `conversation_id`.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: integer('owner_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    storageKey: text('storage_key').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    purpose: text('purpose', { enum: FILE_PURPOSES }).notNull().default('public'),
    conversationId: integer('conversation_id').references((): AnyPgColumn => conversations.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('files_owner_created_idx').on(t.ownerId, t.createdAt),
    check('files_purpose_check', oneOf(t.purpose, FILE_PURPOSES)),
  ],
);

/** Accounts. E-mails are stored lower-case and unique; Google accounts are keyed by `google_sub`. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /**
     * The name spelled for Arabic and for English pages (ADR 020), each pair both set or both
     * null; first_name/last_name stay the name as the person wrote it, shown where the page's
     * language has no spelling.
     */
    firstNameAr: text('first_name_ar'),
    lastNameAr: text('last_name_ar'),
    firstNameEn: text('first_name_en'),
    lastNameEn: text('last_name_en'),
    roleId: smallint('role_id').notNull().default(3),
    photoFileId: uuid('photo_file_id').references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    provider: text('provider', { enum: SIGN_IN_PROVIDERS }).notNull().default('email'),
    googleSub: text('google_sub'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    status: text('status', { enum: ACCOUNT_STATUSES }).notNull().default('active'),
    language: text('language', { enum: LANGUAGES }).notNull().default('ar'),
    /**
     * The IANA zone the user's browser last reported (null until it does): the other party of a
     * lesson sees their local time next to their own. A teacher's lesson zone is the profile's.
     */
    timeZone: text('time_zone'),
    /** When the user deleted the account: personal data anonymised, status `suspended`, no sign-in. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_sub_unique').on(t.googleSub),
    check('users_role_check', sql`${t.roleId} in (1, 2, 3)`),
    check('users_name_ar_pair', sql`(${t.firstNameAr} is null) = (${t.lastNameAr} is null)`),
    check('users_name_en_pair', sql`(${t.firstNameEn} is null) = (${t.lastNameEn} is null)`),
  ],
);

/**
 * Refresh sessions. One row per issued refresh token (stored as SHA-256); a rotation marks the
 * row used and adds the next one in the same family. A used or revoked token presented again
 * revokes the whole family. `expires_at` is the family's absolute end (30 days from sign-in).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The address that signed in (the family's first row): its owner is not throttled by others' failures. */
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_unique').on(t.tokenHash),
    index('sessions_family_idx').on(t.familyId),
    index('sessions_user_idx').on(t.userId),
  ],
);

/** Single-use e-mail confirmation and password reset links, stored as SHA-256 of the secret. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A confirmation, a password reset, or a one-time sign-in link (issue 29); a text column, no CHECK. */
    kind: text('kind', { enum: ['confirm', 'reset', 'sign_in'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_tokens_hash_unique').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId, t.kind)],
);

/** Failed sign-ins, for the growing per-account delay (RELIABILITY.md: 5 in 15 min, up to 60 s). */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_email_idx').on(t.email, t.createdAt),
    index('login_failures_email_ip_idx').on(t.email, t.ip, t.createdAt),
  ],
);

/** Mails waiting for, or done with, delivery: a booking never fails because SMTP is down. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.sentAt, t.nextAttemptAt)],
);

// Discovery: subjects, teachers, time slots, reservations, reviews -------------------------------

/**
 * Subjects in both languages. `search_text` is the distinct words of both names and both synonym
 * lists after `normalizeSearchText` (the one normaliser of @ustaz/contract), written by the service
 * whenever a name or a synonym changes (ADR 007).
 */
export const subjects = pgTable(
  'subjects',
  {
    id: serial('id').primaryKey(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    descriptionAr: text('description_ar').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    /** A lucide icon name (`calculator`, `atom`); the client shows a book for an unknown one. */
    icon: text('icon').notNull().default('book-open'),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Other words a search finds it and its teachers by ("maths", "حساب"), as the admin typed them. */
    synonymsAr: jsonb('synonyms_ar').$type<string[]>().notNull().default([]),
    synonymsEn: jsonb('synonyms_en').$type<string[]>().notNull().default([]),
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subjects_name_en_unique').on(t.nameEn),
    index('subjects_order_idx').on(t.sortOrder, t.nameAr),
    index('subjects_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/**
 * A teacher's public profile (one per user of role 2). Money in fils. `search_text` is the
 * normalised names, bio, major and subject names in both languages, rewritten by the teachers
 * service when any of them changes. Ratings and bookings are aggregates kept in the same
 * transaction as the rows they count.
 */
export const teacherProfiles = pgTable(
  'teacher_profiles',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bioAr: text('bio_ar').notNull().default(''),
    bioEn: text('bio_en').notNull().default(''),
    majorAr: text('major_ar').notNull().default(''),
    majorEn: text('major_en').notNull().default(''),
    experienceYears: integer('experience_years').notNull().default(0),
    hourlyRateFils: integer('hourly_rate_fils').notNull().default(0),
    videoUrl: text('video_url'),
    averageRating: numeric('average_rating', { precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    bookingsCount: integer('bookings_count').notNull().default(0),
    searchText: text('search_text').notNull().default(''),
    /**
     * Shown by teacher search: approved, and the user is an active teacher. Kept by the database
     * (migration 0036: a BEFORE trigger on every profile write, an AFTER trigger on the user's
     * role and status), so search filters one column instead of joining users (ADR 007).
     */
    listed: boolean('listed').notNull().default(false),
    /**
     * When an admin approved the profile; only approved profiles are listed. Defaults to the
     * insert time (seeded and earlier teachers are approved); an admin promotion inserts null.
     */
    approvedAt: timestamp('approved_at', { withTimezone: true }).defaultNow(),
    /** IANA zone the teacher enters times in (a weekly series' "HH:MM"); checked with Intl on the way in. */
    timeZone: text('time_zone').notNull().default(DEFAULT_TEACHER_TIME_ZONE),
    /** The teacher's Zoom/Meet/Teams link for every lesson (issue 16; the contract's `meetingLinkSchema`), or null. */
    meetingLink: text('meeting_link'),
    /** Lessons the system cancelled because the teacher did not join within 15 minutes of the start (issue 16). */
    noShowCount: integer('no_show_count').notNull().default(0),
    /** The 30-minute trial's price (fils, issue 32), at least the minimum price for 30 minutes; null: no trial offered. */
    trialPriceFils: integer('trial_price_fils'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('teacher_profiles_user_unique').on(t.userId),
    index('teacher_profiles_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('teacher_profiles_rating_idx').on(t.averageRating, t.id),
    index('teacher_profiles_experience_idx').on(t.experienceYears, t.id),
    index('teacher_profiles_rate_idx').on(t.hourlyRateFils, t.id),
    index('teacher_profiles_bookings_idx').on(t.bookingsCount, t.id),
    check('teacher_profiles_experience_check', sql`${t.experienceYears} >= 0`),
    check('teacher_profiles_rate_check', sql`${t.hourlyRateFils} >= 0`),
    check('teacher_profiles_rating_check', sql`${t.averageRating} >= 0 and ${t.averageRating} <= 5`),
    check('teacher_profiles_counts_check', sql`${t.ratingCount} >= 0 and ${t.bookingsCount} >= 0`),
  ],
);

export const teacherSubjects = pgTable(
  'teacher_subjects',
  {
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teacherProfiles.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.teacherId, t.subjectId] }),
    index('teacher_subjects_subject_idx').on(t.subjectId, t.teacherId),
  ],
);

/**
 * Bookable hours of a teacher (`teacher_id` is the teacher profile). A teacher's slots never
 * overlap, whatever their status: the exclusion constraint `time_slots_no_overlap` (migration
 * 0004, btree_gist) refuses it in the database; adjacent slots (`[)` ranges) are allowed.
 */
export const timeSlots = pgTable(
  'time_slots',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teacherProfiles.id, { onDelete: 'cascade' }),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    priceFils: integer('price_fils').notNull(),
    status: text('status', { enum: SLOT_STATUSES }).notNull().default('open'),
    /** Set while `held` for a gateway payment; an expired hold frees the slot. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** The payment a `held` slot waits for; only that payment can turn the hold into a booking. */
    holdPaymentId: text('hold_payment_id'),
    /** The weekly series that created the slot (POST /availability/recurring); null for a single slot. */
    seriesId: uuid('series_id'),
    /** 'trial': a teacher's 30-minute trial at their trial price (issue 32); 'lesson' otherwise. */
    kind: text('kind', { enum: SLOT_KINDS }).notNull().default('lesson'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('time_slots_series_idx').on(t.teacherId, t.seriesId).where(sql`${t.seriesId} is not null`),
    index('time_slots_open_teacher_start_idx').on(t.teacherId, t.startTime).where(sql`${t.status} = 'open'`),
    index('time_slots_open_start_idx').on(t.startTime, t.teacherId).where(sql`${t.status} = 'open'`),
    check('time_slots_range_check', sql`${t.endTime} > ${t.startTime}`),
    check('time_slots_price_check', sql`${t.priceFils} >= 0`),
    check('time_slots_status_check', oneOf(t.status, SLOT_STATUSES)),
    check('time_slots_kind_check', oneOf(t.kind, SLOT_KINDS)),
  ],
);

/**
 * A student's booking of one slot. `pending` waits for a gateway payment (the slot is held),
 * `confirmed` is paid, `completed` once the lesson has ended (its money then moves to the
 * teacher's earnings), `cancelled` with the refund recorded in the ledger or the subscription.
 * At most one live (not cancelled) reservation per slot: `reservations_slot_live_unique`.
 */
export const reservations = pgTable(
  'reservations',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teacherProfiles.id, { onDelete: 'cascade' }),
    timeSlotId: integer('time_slot_id')
      .notNull()
      .references(() => timeSlots.id, { onDelete: 'restrict' }),
    status: text('status', { enum: RESERVATION_STATUSES }).notNull().default('pending'),
    /** Copied from the slot at booking time: later edits of the slot do not change what was paid. */
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    priceFils: bigint('price_fils', { mode: 'number' }).notNull().default(0),
    note: text('note').notNull().default(''),
    paidWith: text('paid_with', { enum: PAID_WITH }).notNull().default('wallet'),
    /** Subscription minutes spent on it (0 unless paid with hours). */
    subscriptionMinutes: integer('subscription_minutes').notNull().default(0),
    /** What those minutes were worth at their packages' own price per hour (fils); part of what was paid. */
    hoursValueFils: bigint('hours_value_fils', { mode: 'number' }).notNull().default(0),
    /** What was paid in money (wallet or gateway, fils). Paid in all = cash + hours value = price (I9). */
    cashFils: bigint('cash_fils', { mode: 'number' }).notNull().default(0),
    /**
     * Of `cash_fils`, what came from the wallet when `paid_with` is a gateway: a dearer move's
     * difference (issue 32); the rest is the gateway's. Always 0 for a lesson paid from the balance.
     */
    walletFils: bigint('wallet_fils', { mode: 'number' }).notNull().default(0),
    paymentId: text('payment_id'),
    /** One booking request (one or more slots) shares a group: its ledger transfer is keyed by it. */
    bookingGroup: text('booking_group'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by', { enum: RESERVATION_CANCELLERS }),
    cancelReason: text('cancel_reason'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * When the teacher's earning for a completed lesson moved from escrow (issue 16, ADR 016): null
     * until 24 hours after the end with no open dispute, or an admin's decision.
     */
    earningReleasedAt: timestamp('earning_released_at', { withTimezone: true }),
    /** This lesson's own external meeting link (wins over the teacher profile's), or null. */
    meetingLink: text('meeting_link'),
    /**
     * When the lesson's meeting link was fixed (issue 29): from then on `meetingLink` alone is the lesson's
     * link (null: the room), whatever the profile's link becomes. Set when the room opens and the teacher
     * changes the profile's link, so a link set after the room opened never decides attendance.
     */
    meetingLinkFixedAt: timestamp('meeting_link_fixed_at', { withTimezone: true }),
    /**
     * A verified lesson (issue 29, RELIABILITY I11): completed, paid at least the minimum price for its
     * length (wallet or hours) and attended by both parties. Only its reviews count toward the teacher's
     * rating, and only it counts toward `bookings_count` and carries the verified mark.
     */
    verifiedLesson: boolean('verified_lesson').notNull().default(false),
    /** Copied from the slot: 'trial' for a teacher's trial lesson (one per student and teacher, issue 32). */
    kind: text('kind', { enum: SLOT_KINDS }).notNull().default('lesson'),
    /** How many times the lesson was moved (issue 32): the calendar feed's SEQUENCE. */
    revision: integer('revision').notNull().default(0),
    rescheduledAt: timestamp('rescheduled_at', { withTimezone: true }),
    /** Set when the student declined the teacher's proposal of a new time: they may cancel with a full refund whatever the time. */
    freeCancel: boolean('free_cancel').notNull().default(false),
    /** The standing weekly series that booked it (issue 32), or null. */
    standingBookingId: integer('standing_booking_id').references((): AnyPgColumn => standingBookings.id, {
      onDelete: 'set null',
    }),
    /** A series lesson not paid yet (`pending`, no payment): when it is charged (start - 48 h); null once paid and for any other lesson. */
    chargeAt: timestamp('charge_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reservations_student_idx').on(t.studentId, t.createdAt),
    index('reservations_teacher_idx').on(t.teacherId, t.createdAt),
    index('reservations_slot_idx').on(t.timeSlotId),
    index('reservations_payment_idx').on(t.paymentId),
    index('reservations_due_idx').on(t.endTime).where(sql`${t.status} = 'confirmed'`),
    /** The lesson reminders' look-ahead (issue 19): confirmed lessons by start. */
    index('reservations_upcoming_idx').on(t.startTime).where(sql`${t.status} = 'confirmed'`),
    index('reservations_unreleased_idx')
      .on(t.endTime)
      .where(sql`${t.status} = 'completed' and ${t.earningReleasedAt} is null`),
    uniqueIndex('reservations_slot_live_unique').on(t.timeSlotId).where(sql`${t.status} <> 'cancelled'`),
    /** One trial per student and teacher (issue 32): a cancelled trial does not count. */
    uniqueIndex('reservations_trial_once_unique')
      .on(t.studentId, t.teacherId)
      .where(sql`${t.kind} = 'trial' and ${t.status} <> 'cancelled'`),
    /** The standing series' charge job: unpaid series lessons by when they are charged. */
    index('reservations_charge_due_idx').on(t.chargeAt).where(sql`${t.chargeAt} is not null`),
    index('reservations_standing_idx').on(t.standingBookingId).where(sql`${t.standingBookingId} is not null`),
    check('reservations_kind_check', oneOf(t.kind, SLOT_KINDS)),
    check('reservations_status_check', oneOf(t.status, RESERVATION_STATUSES)),
    check('reservations_price_check', sql`${t.priceFils} >= 0`),
    check('reservations_paid_check', sql`${t.hoursValueFils} >= 0 and ${t.cashFils} >= 0`),
    check('reservations_wallet_part_check', sql`${t.walletFils} >= 0 and ${t.walletFils} <= ${t.cashFils}`),
  ],
);

/**
 * A party's stay in a lesson room (issue 16): one row per `lesson:join`, closed by `lesson:leave`
 * or the socket's disconnect. `left_at` is null while the party is in the room.
 */
export const lessonAttendance = pgTable(
  'lesson_attendance',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: LESSON_ROLES }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    leftAt: timestamp('left_at', { withTimezone: true }),
    /** `room`: a stay in the lesson room; `link`: the lesson's external meeting link opened through the app (issue 29). */
    via: text('via', { enum: ATTENDANCE_VIAS }).notNull().default('room'),
    /** When this party's video call reached the other party during this stay (the client's ICE state, issue 29). */
    mediaConnectedAt: timestamp('media_connected_at', { withTimezone: true }),
  },
  (t) => [
    index('lesson_attendance_reservation_idx').on(t.reservationId, t.userId),
    check('lesson_attendance_role_check', oneOf(t.role, LESSON_ROLES)),
    check('lesson_attendance_via_check', oneOf(t.via, ATTENDANCE_VIAS)),
  ],
);

/**
 * A problem reported for a lesson (issue 16, ADR 016): one per reservation, by its student or
 * teacher; while open the teacher's earning stays in escrow. An admin refunds (all or part) or releases.
 */
export const lessonDisputes = pgTable(
  'lesson_disputes',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportedBy: text('reported_by', { enum: DISPUTE_REPORTERS }).notNull(),
    reason: text('reason', { enum: LESSON_PROBLEM_REASONS }).notNull(),
    details: text('details').notNull().default(''),
    status: text('status', { enum: DISPUTE_STATUSES }).notNull().default('open'),
    /** What went back to the student (fils), once refunded. */
    refundFils: bigint('refund_fils', { mode: 'number' }),
    resolutionNote: text('resolution_note'),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('lesson_disputes_reservation_unique').on(t.reservationId),
    index('lesson_disputes_status_idx').on(t.status, t.createdAt),
    check('lesson_disputes_status_check', oneOf(t.status, DISPUTE_STATUSES)),
    check('lesson_disputes_reported_by_check', oneOf(t.reportedBy, DISPUTE_REPORTERS)),
    check('lesson_disputes_reason_check', oneOf(t.reason, LESSON_PROBLEM_REASONS)),
    check('lesson_disputes_refund_check', sql`${t.refundFils} is null or ${t.refundFils} > 0`),
  ],
);

/** One review per completed reservation and direction; `teacher_id` is the teacher profile. */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    type: text('type', { enum: REVIEW_TYPES }).notNull(),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    /**
     * The language the comment is written in, by its script (contract `textLanguage`, issue 30):
     * lists show the page's language's reviews first. Set on every insert; no default.
     */
    language: text('language', { enum: LANGUAGES }).notNull(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teacherProfiles.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Hidden by an admin (abusive): left out of every public list and of the averages. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    /** The reviewed teacher's one public reply to a student's review (issue 16). */
    replyText: text('reply_text'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_reservation_type_unique').on(t.reservationId, t.type),
    index('reviews_teacher_idx').on(t.teacherId, t.type, t.createdAt),
    index('reviews_student_idx').on(t.studentId, t.type, t.createdAt),
    index('reviews_latest_idx').on(t.type, t.createdAt),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_type_check', oneOf(t.type, REVIEW_TYPES)),
    check('reviews_language_check', oneOf(t.language, LANGUAGES)),
  ],
);

/** What people searched for and did not find (subjects typed by hand, empty teacher searches). */
export const searchNotFoundLogs = pgTable(
  'search_not_found_logs',
  {
    id: serial('id').primaryKey(),
    keywords: text('keywords').notNull(),
    normalized: text('normalized').notNull(),
    searchType: text('search_type', { enum: SEARCH_TYPES }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_not_found_logs_normalized_idx').on(t.searchType, t.normalized)],
);

// Money ----------------------------------------------------------------------------------------

/**
 * Ledger accounts. `wallet` and `earnings` belong to a user and can never go below zero (the
 * CHECK fails the debit's own statement, so the whole transaction rolls back). The system
 * accounts have no user: `gateway` (money the gateways collected for us: it goes negative as they
 * collect), `escrow` (lesson money held until the lesson ends), `revenue` (platform's share and
 * subscription sales). `balance_fils` changes only with the entries that move it (ledger.repo).
 */
/**
 * `prepaid` holds what students paid for subscription hours they have not spent yet (deferred
 * revenue): a purchase credits it, a booking with hours moves the hours' value to escrow, and an
 * expiry moves what is left to revenue. Revenue only receives fees and breakage (RELIABILITY I9).
 */
export type LedgerAccountKind = (typeof ADMIN_LEDGER_ACCOUNTS)[number];

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ADMIN_LEDGER_ACCOUNTS }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    balanceFils: bigint('balance_fils', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_kind_user_unique').on(t.kind, sql`coalesce(${t.userId}, 0)`),
    check('ledger_accounts_user_balance_check', sql`${t.kind} not in ('wallet', 'earnings') or ${t.balanceFils} >= 0`),
    check('ledger_accounts_owner_check', sql`(${t.kind} in ('wallet', 'earnings')) = (${t.userId} is not null)`),
    // Payout requests wait here until paid or returned (RELIABILITY I10): never below zero.
    check('ledger_accounts_clearing_balance_check', sql`${t.kind} <> 'payouts_clearing' or ${t.balanceFils} >= 0`),
  ],
);

/** One movement of money; `key` is unique, so the same effect is never posted twice (I5). */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    kind: text('kind').notNull(),
    paymentId: text('payment_id'),
    reservationId: integer('reservation_id'),
    subscriptionId: integer('subscription_id'),
    /** Who caused it (the student, the teacher, an admin; null for the system). */
    actorUserId: integer('actor_user_id'),
    memo: text('memo').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ledger_transfers_key_unique').on(t.key), index('ledger_transfers_payment_idx').on(t.paymentId)],
);

/** The legs of a transfer: signed amounts that sum to zero per transfer (I1); never updated (I6). */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferId: bigint('transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfers.id, { onDelete: 'restrict' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    amountFils: bigint('amount_fils', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    index('ledger_entries_transfer_idx').on(t.transferId),
    check('ledger_entries_nonzero_check', sql`${t.amountFils} <> 0`),
  ],
);

/**
 * A gateway payment. Its status moves only by compare-and-swap from `pending` (I7); it is paid
 * at most once. `gateway` says which adapter ran it ('sandbox' stands in for a provider without keys).
 */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: GATEWAY_PROVIDERS }).notNull(),
    gateway: text('gateway', { enum: ['payzah', 'deema', 'sandbox'] }).notNull(),
    purpose: text('purpose', { enum: PAYMENT_PURPOSES }).notNull(),
    amountFils: bigint('amount_fils', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('KWD'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    providerRef: text('provider_ref'),
    /** The gateway's checkout page this payment was started with ("continue payment" while pending). */
    redirectUrl: text('redirect_url'),
    gatewayReference: text('gateway_reference'),
    language: text('language', { enum: LANGUAGES }).notNull().default('ar'),
    subscriptionId: integer('subscription_id'),
    /** A paid booking whose hold had lapsed: the money went to the wallet instead. */
    creditedToWallet: boolean('credited_to_wallet').notNull().default(false),
    failureReason: text('failure_reason'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** When the sweeper last asked the gateway about an expired payment (late captures). */
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_unique').on(t.gateway, t.providerRef),
    index('payments_user_idx').on(t.userId, t.createdAt),
    index('payments_pending_idx').on(t.expiresAt).where(sql`${t.status} = 'pending'`),
    index('payments_expired_idx').on(t.expiresAt).where(sql`${t.status} = 'expired'`),
    check('payments_amount_check', sql`${t.amountFils} > 0`),
    check('payments_status_check', oneOf(t.status, PAYMENT_STATUSES)),
  ],
);

/** The local sandbox gateway's own book of charges (it plays an outside party). */
export const sandboxCharges = pgTable('sandbox_charges', {
  id: text('id').primaryKey(),
  orderId: text('order_id').notNull(),
  provider: text('provider', { enum: GATEWAY_PROVIDERS }).notNull(),
  amountFils: bigint('amount_fils', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  status: text('status', { enum: ['pending', 'paid', 'failed'] })
    .notNull()
    .default('pending'),
  successUrl: text('success_url').notNull(),
  errorUrl: text('error_url').notNull(),
  language: text('language', { enum: LANGUAGES }).notNull().default('ar'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Hour packages for sale, bilingual. */
export const subscriptionPackages = pgTable(
  'subscription_packages',
  {
    id: serial('id').primaryKey(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    descriptionAr: text('description_ar').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    hours: integer('hours').notNull(),
    priceFils: bigint('price_fils', { mode: 'number' }).notNull(),
    type: text('type', { enum: PACKAGE_TYPES }).notNull().default('standard'),
    validityDays: integer('validity_days').notNull(),
    featuresAr: jsonb('features_ar').$type<string[]>().notNull().default([]),
    featuresEn: jsonb('features_en').$type<string[]>().notNull().default([]),
    discountPercentage: integer('discount_percentage').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('subscription_packages_hours_check', sql`${t.hours} > 0`),
    check('subscription_packages_price_check', sql`${t.priceFils} > 0`),
    check('subscription_packages_validity_check', sql`${t.validityDays} > 0`),
    check('subscription_packages_discount_check', sql`${t.discountPercentage} between 0 and 100`),
  ],
);

/**
 * A student's bought package. Hours are kept in minutes so a 30-minute lesson spends half an
 * hour; `remaining_minutes` never goes below zero (CHECK), changed under a row lock.
 */
export const userSubscriptions = pgTable(
  'user_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    packageId: integer('package_id')
      .notNull()
      .references(() => subscriptionPackages.id, { onDelete: 'restrict' }),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('pending'),
    totalMinutes: integer('total_minutes').notNull(),
    remainingMinutes: integer('remaining_minutes').notNull(),
    priceFils: bigint('price_fils', { mode: 'number' }).notNull(),
    /**
     * The value of the remaining minutes (fils), held in the `prepaid` account: set to the price on
     * activation, lowered by each spend, raised by each refund, zero after expiry. Spending the
     * last minute takes exactly what is left, so the values spent add up to the price.
     */
    remainingValueFils: bigint('remaining_value_fils', { mode: 'number' }).notNull().default(0),
    paidWith: text('paid_with', { enum: PAID_WITH }).notNull(),
    paymentId: text('payment_id'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_subscriptions_user_idx').on(t.userId, t.status, t.expiresAt),
    check(
      'user_subscriptions_remaining_check',
      sql`${t.remainingMinutes} >= 0 and ${t.remainingMinutes} <= ${t.totalMinutes}`,
    ),
    check(
      'user_subscriptions_remaining_value_check',
      sql`${t.remainingValueFils} >= 0 and ${t.remainingValueFils} <= ${t.priceFils}`,
    ),
  ],
);

/** Minutes of a subscription spent on a reservation; a refund marks the row and gives them back. */
export const subscriptionUsages = pgTable(
  'subscription_usages',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => userSubscriptions.id, { onDelete: 'restrict' }),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'restrict' }),
    minutes: integer('minutes').notNull(),
    /** What the minutes were worth (fils): moved from `prepaid` to escrow with the booking. */
    valueFils: bigint('value_fils', { mode: 'number' }).notNull().default(0),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscription_usages_subscription_idx').on(t.subscriptionId, t.createdAt),
    index('subscription_usages_reservation_idx').on(t.reservationId),
    check('subscription_usages_minutes_check', sql`${t.minutes} > 0`),
  ],
);

/**
 * Client Idempotency-Key records (I5): the first request with a key runs, later ones with the
 * same key and body get the stored answer; another body with the key is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    scope: text('scope').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** Stored notifications (the realtime issue serves and pushes them). */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    index('notifications_created_idx').on(t.createdAt),
  ],
);

// Chat -----------------------------------------------------------------------------------------

/**
 * One conversation per student-teacher pair (user ids). `last_seq` numbers its messages; each
 * side's `*_read_seq` is how far that side has read.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSeq: integer('last_seq').notNull().default(0),
    studentReadSeq: integer('student_read_seq').notNull().default(0),
    teacherReadSeq: integer('teacher_read_seq').notNull().default(0),
    studentReadAt: timestamp('student_read_at', { withTimezone: true }),
    teacherReadAt: timestamp('teacher_read_at', { withTimezone: true }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_unique').on(t.studentId, t.teacherId),
    index('conversations_teacher_idx').on(t.teacherId, t.lastMessageAt),
    index('conversations_student_idx').on(t.studentId, t.lastMessageAt),
    check('conversations_distinct_check', sql`${t.studentId} <> ${t.teacherId}`),
  ],
);

export type StoredAttachment = { id: string; mimeType: string; size: number };

/**
 * Messages, stored before they are emitted. `seq` is per conversation; a resend with the same
 * client message id is stored once (`messages_client_unique`).
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull().default(''),
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    clientMessageId: text('client_message_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('messages_seq_unique').on(t.conversationId, t.seq),
    uniqueIndex('messages_client_unique').on(t.conversationId, t.senderId, t.clientMessageId),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type FileRow = typeof files.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type SubjectRow = typeof subjects.$inferSelect;
export type TeacherProfileRow = typeof teacherProfiles.$inferSelect;
export type TimeSlotRow = typeof timeSlots.$inferSelect;
export type ReservationRow = typeof reservations.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type SubscriptionPackageRow = typeof subscriptionPackages.$inferSelect;
export type UserSubscriptionRow = typeof userSubscriptions.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;

// Admin ------------------------------------------------------------------------------------------

/**
 * Every admin action: who, what, on which entity, with the state before and after. Written in the
 * same transaction as the change it records; never updated or deleted (trigger, migration 0009).
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    reason: text('reason'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_log_created_idx').on(t.createdAt),
    index('admin_audit_log_entity_idx').on(t.entityType, t.entityId),
    index('admin_audit_log_actor_idx').on(t.actorUserId, t.createdAt),
  ],
);

// Teaching ---------------------------------------------------------------------------------------

/**
 * A student's application to teach (issue 15). At most one `pending` row per user
 * (`teacher_applications_one_pending`, a partial unique index, so two concurrent applications
 * cannot both be stored). Approval makes the user a teacher with a profile built from the row;
 * `subject_ids` are checked against `subjects` when the application is made.
 */
export const teacherApplications = pgTable(
  'teacher_applications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: TEACHER_APPLICATION_STATUSES }).notNull().default('pending'),
    bioAr: text('bio_ar').notNull(),
    bioEn: text('bio_en').notNull(),
    major: text('major').notNull(),
    experienceYears: integer('experience_years').notNull(),
    hourlyRateFils: integer('hourly_rate_fils').notNull(),
    videoUrl: text('video_url').notNull(),
    subjectIds: jsonb('subject_ids').$type<number[]>().notNull().default([]),
    missingSubject: text('missing_subject'),
    certificateFileId: uuid('certificate_file_id').references(() => files.id, { onDelete: 'set null' }),
    rejectionReason: text('rejection_reason'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('teacher_applications_one_pending').on(t.userId).where(sql`${t.status} = 'pending'`),
    index('teacher_applications_status_idx').on(t.status, t.createdAt),
    index('teacher_applications_user_idx').on(t.userId, t.createdAt),
    check('teacher_applications_status_check', oneOf(t.status, TEACHER_APPLICATION_STATUSES)),
    check('teacher_applications_experience_check', sql`${t.experienceYears} >= 0`),
    check('teacher_applications_rate_check', sql`${t.hourlyRateFils} > 0`),
  ],
);

export type TeacherApplicationRow = typeof teacherApplications.$inferSelect;

// Payouts ----------------------------------------------------------------------------------------

/** A teacher's bank account for payouts (one per user); the IBAN is stored normalised. */
export const teacherBankAccounts = pgTable('teacher_bank_accounts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  iban: text('iban').notNull(),
  holderName: text('holder_name').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A teacher's payout request (RELIABILITY I10). Its amount left the earnings account for
 * `payouts_clearing` in the transaction that inserted it (ledger key `payout:<id>`); its status
 * moves `requested -> paid | rejected` once, by compare-and-swap, with the transfer that pays it out
 * (`payout_paid:<id>`, clearing -> paid_out) or returns it (`payout_rejected:<id>`, clearing -> earnings).
 * The IBAN and holder are copied at request time: a later change of the account does not redirect it.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountFils: bigint('amount_fils', { mode: 'number' }).notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('requested'),
    iban: text('iban').notNull(),
    holderName: text('holder_name').notNull(),
    bankReference: text('bank_reference'),
    rejectReason: text('reject_reason'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payouts_user_idx').on(t.userId, t.createdAt),
    index('payouts_status_idx').on(t.status, t.createdAt),
    check('payouts_status_check', oneOf(t.status, PAYOUT_STATUSES)),
    check('payouts_amount_check', sql`${t.amountFils} > 0`),
  ],
);

export type TeacherBankAccountRow = typeof teacherBankAccounts.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;

// Calendar feed ----------------------------------------------------------------------------------

/**
 * A user's calendar feed address (issue 15 "Fill your calendar"). The address's token is never
 * stored: `token_hash` (SHA-256, hex) finds the user when a calendar app fetches the feed, and
 * `seed` (32 random bytes) lets the server, and only the server, show the same address again: the
 * token is an HMAC of the seed under a key derived from the server's secret. Rotating replaces the
 * row, so the old address stops working at once.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    seed: text('seed').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_unique').on(t.tokenHash)],
);

// Web Push and lesson reminders (issue 19) ----------------------------------------------------------

/**
 * A browser's push subscription (the Push API's endpoint and its keys) for a user: one row per
 * device, the endpoint unique (a device re-subscribing as another user moves to that user). A
 * push service answering 404 or 410 for an endpoint deletes its row.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret, base64url, as the browser gave them. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/** The kinds a user switched off for push (contract PUSH_KINDS); no row: every kind on. */
export const pushPreferences = pgTable('push_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  disabledKinds: jsonb('disabled_kinds').$type<string[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A notification the push dispatcher has handled (pushed, or not because the user was online or
 * has no device): the row is the claim, taken by `insert ... on conflict do nothing`, so each
 * notification is considered once across every process.
 */
export const pushDeliveries = pgTable('push_deliveries', {
  notificationId: integer('notification_id')
    .primaryKey()
    .references(() => notifications.id, { onDelete: 'cascade' }),
  /** How many devices took the push (0: online, no device, or the kind switched off). */
  devices: integer('devices').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A lesson reminder sent (issue 19): a day and 10 minutes before a confirmed lesson, to each
 * party. The primary key is the claim (`insert ... on conflict do nothing`): each reminder goes
 * once, whatever the number of processes or restarts. `channel` says how: push or mail.
 */
export const lessonReminders = pgTable(
  'lesson_reminders',
  {
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: LESSON_REMINDER_KINDS }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.reservationId, t.kind, t.userId] }),
    check('lesson_reminders_kind_check', oneOf(t.kind, LESSON_REMINDER_KINDS)),
    check('lesson_reminders_channel_check', sql`${t.channel} in ('push', 'mail')`),
  ],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * A teacher a student saved (issue 32, favourites): one row per pair, the newest first in the
 * student's list. A teacher unlisted or suspended keeps the row but is left out of the list.
 */
export const favourites = pgTable(
  'favourites',
  {
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teacherProfiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.teacherId] }),
    index('favourites_student_created_idx').on(t.studentId, t.createdAt),
  ],
);

/**
 * A teacher's proposal of a new time for a lesson (issue 32): `open` until the student accepts (the
 * lesson moves to `time_slot_id`), declines, or the lesson's old start passes (`lapsed`). At most
 * one open proposal per lesson: `reservation_proposals_open_unique`.
 */
export const reservationProposals = pgTable(
  'reservation_proposals',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    timeSlotId: integer('time_slot_id')
      .notNull()
      .references(() => timeSlots.id, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    status: text('status', { enum: PROPOSAL_STATUSES }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reservation_proposals_open_unique').on(t.reservationId).where(sql`${t.status} = 'open'`),
    index('reservation_proposals_slot_idx').on(t.timeSlotId),
    check('reservation_proposals_status_check', oneOf(t.status, PROPOSAL_STATUSES)),
  ],
);
export type ReservationProposalRow = typeof reservationProposals.$inferSelect;

/**
 * A dearer move waiting for a gateway top-up (issue 32, ADR 033): the student's reschedule of
 * `reservation_id` (at `revision`) to `time_slot_id` at `price_fils`, whose difference the balance
 * could not pay. The payment (purpose `top_up`, exactly the shortfall) holds the new slot; when it
 * is paid the wallet is credited and the lesson moves in the same transaction, or the money stays
 * in the wallet. One row per payment.
 */
export const moveTopUps = pgTable(
  'move_top_ups',
  {
    /** The payment (written in the same transaction, after this row: no foreign key, like `time_slots.hold_payment_id`). */
    paymentId: text('payment_id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    timeSlotId: integer('time_slot_id')
      .notNull()
      .references(() => timeSlots.id, { onDelete: 'cascade' }),
    /** The reservation's revision when the move was asked: a lesson moved meanwhile does not move again. */
    revision: integer('revision').notNull(),
    /** The new slot's price the student saw (`expectedTotal`). */
    priceFils: bigint('price_fils', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('move_top_ups_reservation_idx').on(t.reservationId),
    index('move_top_ups_slot_idx').on(t.timeSlotId),
    check('move_top_ups_price_check', sql`${t.priceFils} >= 0`),
  ],
);
export type MoveTopUpRow = typeof moveTopUps.$inferSelect;

/**
 * A standing weekly series (issue 32): a student's lessons with one teacher at the same weekday and
 * time (in the teacher's zone) for `weeks` weeks. Its lessons are reservations with
 * `standing_booking_id`; `missing_weeks` are the weeks that had no matching open slot.
 */
export const standingBookings = pgTable(
  'standing_bookings',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teacherProfiles.id, { onDelete: 'cascade' }),
    weeks: integer('weeks').notNull(),
    /** 0 Sunday .. 6 Saturday, and minutes after midnight, in `time_zone` (the teacher's zone at booking). */
    weekday: integer('weekday').notNull(),
    startMinute: integer('start_minute').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    timeZone: text('time_zone').notNull(),
    missingWeeks: jsonb('missing_weeks').$type<string[]>().notNull().default([]),
    status: text('status', { enum: STANDING_STATUSES }).notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
  },
  (t) => [
    index('standing_bookings_student_idx').on(t.studentId, t.createdAt),
    index('standing_bookings_teacher_idx').on(t.teacherId, t.createdAt),
    check('standing_bookings_status_check', oneOf(t.status, STANDING_STATUSES)),
    check('standing_bookings_weeks_check', sql`${t.weeks} between 1 and 52`),
    check('standing_bookings_weekday_check', sql`${t.weekday} between 0 and 6`),
  ],
);
export type StandingBookingRow = typeof standingBookings.$inferSelect;
