import { z } from 'zod';

/**
 * Web Push (issue 19): a browser's push subscription for the signed-in user, the server's VAPID
 * public key, and which kinds of news the user wants pushed to their devices.
 */

/** The kinds of news a user can have pushed, each with its own toggle in the account settings. */
export const PUSH_KINDS = ['message', 'booking', 'cancellation', 'lessonReminder', 'reviewRequest'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** The two lesson reminders: a day before the start and 10 minutes before it. */
export const LESSON_REMINDER_KINDS = ['day', 'soon'] as const;
export type LessonReminderKind = (typeof LESSON_REMINDER_KINDS)[number];

/** base64url without padding, as `PushSubscription.toJSON()` gives the keys. */
const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/);

/**
 * `POST /api/v1/push/subscriptions`: the browser's `PushSubscription.toJSON()` (its
 * `expirationTime` is accepted and ignored). The endpoint's host must be a known push service's.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().min(1).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key (65 bytes, uncompressed). */
    p256dh: base64url(200),
    /** The 16-byte authentication secret. */
    auth: base64url(64),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** `DELETE /api/v1/push/subscriptions`: the subscription to forget, by endpoint. */
export const pushUnsubscribeSchema = z.object({ endpoint: z.string().min(1).max(2048) });

/** `GET /api/v1/push/key`: the VAPID public key, base64url, for `pushManager.subscribe`. */
export const pushKeyResponseSchema = z.object({ publicKey: z.string() });
export type PushKeyResponse = z.infer<typeof pushKeyResponseSchema>;

/** `GET`/`PUT /api/v1/push/settings`: one switch per kind (all on by default). */
export const pushSettingsSchema = z.object(
  Object.fromEntries(PUSH_KINDS.map((kind) => [kind, z.boolean()])) as Record<PushKind, z.ZodBoolean>,
);
export type PushSettings = z.infer<typeof pushSettingsSchema>;
/** The settings and how many devices of the user are subscribed. */
export const pushSettingsResponseSchema = z.object({ settings: pushSettingsSchema, devices: z.number().int() });
export type PushSettingsResponse = z.infer<typeof pushSettingsResponseSchema>;

/**
 * What a push carries (encrypted, aes128gcm): the service worker shows `title` and `body` and
 * opens `url` (a path on this site) when the notification is clicked.
 */
export type PushPayload = { kind: PushKind; title: string; body: string; url: string; tag: string };
