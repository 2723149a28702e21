import { z } from 'zod';

/** The calendar feed (issue 15 "Fill your calendar"): what it holds. */
export const CALENDAR_FEED = {
  /** Lessons that ended up to this many days ago stay in the feed (a calendar keeps recent history). */
  pastDays: 30,
  /** At most this many lessons in one feed, the soonest first. */
  maxEvents: 500,
} as const;

/**
 * GET /api/v1/calendar and POST /api/v1/calendar/rotate: the signed-in user's calendar feed
 * address (`{PUBLIC_URL}/api/v1/calendar/{token}.ics`). It is a secret: whoever has it reads the
 * feed without signing in, until the user rotates it.
 */
export const calendarFeedResponseSchema = z.object({ url: z.url() });
export type CalendarFeedResponse = z.infer<typeof calendarFeedResponseSchema>;
