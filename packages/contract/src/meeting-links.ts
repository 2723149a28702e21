import { z } from 'zod';

/**
 * External meeting links (issue 16): a teacher may hold lessons on Zoom, Google Meet or Microsoft
 * Teams instead of the lesson room, with one link on the profile or one per lesson (the lesson's
 * wins). Only https links to the providers' own hosts, without credentials, are accepted: the link
 * is shown to students as a "Join" button, so it must not lead anywhere else.
 */

export const MEETING_PROVIDERS = ['zoom', 'meet', 'teams'] as const;
export type MeetingProvider = (typeof MEETING_PROVIDERS)[number];

export const MEETING_LINK_MAX = 500;

/** The provider of an allowed meeting link, or null when the link is not allowed. */
export function meetingProviderOf(value: string): MeetingProvider | null {
  if (value.length > MEETING_LINK_MAX || /\s/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.port !== '') return null;
  const host = url.hostname;
  if (host === 'zoom.us' || host.endsWith('.zoom.us')) return 'zoom';
  if (host === 'meet.google.com') return 'meet';
  if (host === 'teams.microsoft.com' || host === 'teams.live.com') return 'teams';
  return null;
}

/** A meeting link as a teacher enters it; every refusal is the field code `meetingLinkNotAllowed`. */
export const meetingLinkSchema = z
  .string()
  .trim()
  .refine((value) => meetingProviderOf(value) !== null, { params: { code: 'meetingLinkNotAllowed' } });

/** PUT /api/v1/lessons/{reservationId}/meeting-link: the lesson's own link, or null to use the profile's. */
export const lessonMeetingLinkBodySchema = z.strictObject({ url: meetingLinkSchema.nullable() });
export type LessonMeetingLinkBody = z.input<typeof lessonMeetingLinkBodySchema>;

/** Where the lesson happens instead of the room: the link and its provider ("Join on Zoom"). */
export const externalLinkSchema = z.object({ url: z.string(), provider: z.enum(MEETING_PROVIDERS) });
export type ExternalLink = z.infer<typeof externalLinkSchema>;

/** The answer of the PUT: the lesson's link as the room will show it (the profile's when the lesson has none). */
export const lessonMeetingLinkResponseSchema = z.object({
  reservationId: z.number().int(),
  /** The lesson's own link (null: none set). */
  url: z.string().nullable(),
  externalLink: externalLinkSchema.nullable(),
});
export type LessonMeetingLinkResponse = z.infer<typeof lessonMeetingLinkResponseSchema>;

/** The link a lesson uses: its own, else the teacher's profile link; null when neither is (still) allowed. */
export function externalLinkOf(lessonLink: string | null, profileLink: string | null): ExternalLink | null {
  const url = lessonLink ?? profileLink;
  const provider = url ? meetingProviderOf(url) : null;
  return url && provider ? { url, provider } : null;
}
