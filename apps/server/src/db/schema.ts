import { REVIEW_TYPES } from '@ustaz/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
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
  appName: text('app_name').notNull(),
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

/** Uploaded files (profile photos for now); the bytes live in UPLOADS_DIR under `storage_key`. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: integer('owner_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    storageKey: text('storage_key').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_owner_idx').on(t.ownerId)],
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
    roleId: smallint('role_id').notNull().default(3),
    photoFileId: uuid('photo_file_id').references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    provider: text('provider', { enum: ['email', 'google'] })
      .notNull()
      .default('email'),
    googleSub: text('google_sub'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    status: text('status', { enum: ['active', 'suspended'] })
      .notNull()
      .default('active'),
    language: text('language', { enum: ['ar', 'en'] })
      .notNull()
      .default('ar'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_sub_unique').on(t.googleSub),
    check('users_role_check', sql`${t.roleId} in (1, 2, 3)`),
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
    kind: text('kind', { enum: ['confirm', 'reset'] }).notNull(),
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
  (t) => [index('login_failures_email_idx').on(t.email, t.createdAt)],
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
 * Subjects in both languages. `search_text` is `normalizeSearchText(name_ar + name_en)` (the one
 * normaliser of @ustaz/contract), written by the service whenever a name changes.
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

export const SLOT_STATUSES = ['open', 'held', 'booked'] as const;

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('time_slots_open_teacher_start_idx').on(t.teacherId, t.startTime).where(sql`${t.status} = 'open'`),
    index('time_slots_open_start_idx').on(t.startTime, t.teacherId).where(sql`${t.status} = 'open'`),
    check('time_slots_range_check', sql`${t.endTime} > ${t.startTime}`),
    check('time_slots_price_check', sql`${t.priceFils} >= 0`),
    check('time_slots_status_check', sql`${t.status} in ('open', 'held', 'booked')`),
  ],
);

export const RESERVATION_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled'] as const;

/** A student's booking of one slot (minimal here; the booking issue extends it). */
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reservations_student_idx').on(t.studentId, t.createdAt),
    index('reservations_teacher_idx').on(t.teacherId, t.createdAt),
    index('reservations_slot_idx').on(t.timeSlotId),
    check('reservations_status_check', sql`${t.status} in ('pending', 'confirmed', 'completed', 'cancelled')`),
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
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teacherProfiles.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_reservation_type_unique').on(t.reservationId, t.type),
    index('reviews_teacher_idx').on(t.teacherId, t.type, t.createdAt),
    index('reviews_student_idx').on(t.studentId, t.type, t.createdAt),
    index('reviews_latest_idx').on(t.type, t.createdAt),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_type_check', sql`${t.type} in ('teacher_to_student', 'student_to_teacher')`),
  ],
);

/** What people searched for and did not find (subjects typed by hand, empty teacher searches). */
export const searchNotFoundLogs = pgTable(
  'search_not_found_logs',
  {
    id: serial('id').primaryKey(),
    keywords: text('keywords').notNull(),
    normalized: text('normalized').notNull(),
    searchType: text('search_type', { enum: ['subject', 'teacher'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_not_found_logs_normalized_idx').on(t.searchType, t.normalized)],
);

export type UserRow = typeof users.$inferSelect;
export type FileRow = typeof files.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type SubjectRow = typeof subjects.$inferSelect;
export type TeacherProfileRow = typeof teacherProfiles.$inferSelect;
export type TimeSlotRow = typeof timeSlots.$inferSelect;
export type ReservationRow = typeof reservations.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
