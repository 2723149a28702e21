import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
