import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
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

export type UserRow = typeof users.$inferSelect;
export type FileRow = typeof files.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
