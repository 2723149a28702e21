import type { PushPayload, PushSettings, PushSubscriptionInput } from '@ustaz/contract';
import webpush from 'web-push';
import { dispatchNotifications } from './dispatch-notifications.ts';
import { sendLessonReminders } from './lesson-reminders.ts';
import type { StoredSubscription } from './push.repo.ts';
import type { PushDeps, VapidKeys } from './push-context.ts';
import { sendToUser } from './push-send.ts';
import { settings, subscribe, unsubscribe, updateSettings } from './push-subscriptions.ts';

export type { PushDeps, VapidKeys } from './push-context.ts';

/** A fresh VAPID key pair (P-256, base64url), for server.ts to keep in SECRETS_DIR. */
export const generateVapidKeys = (): VapidKeys => webpush.generateVAPIDKeys();

/**
 * Web Push (issue 19): devices subscribe (the endpoint on a known push service only), stored
 * notifications of the pushed kinds reach the devices of a user who has no open socket, and lesson
 * reminders go a day and 10 minutes before a lesson, by push to a subscribed user, else by mail.
 * Each notification and each reminder is claimed by a row (`insert ... on conflict do nothing`)
 * before it is sent, so several processes never send one twice. Payloads are encrypted by the
 * web-push library (aes128gcm, RFC 8291) and signed with the VAPID key; the request is sent here
 * without following redirects, and a 404 or 410 from the push service deletes the subscription.
 */
export function createPushService(deps: PushDeps) {
  return {
    publicKey: () => deps.vapid.publicKey,

    /** Saves the browser's subscription for the user (again: keys refreshed); 422 off the allow-list, 409 another user's. */
    subscribe: (userId: number, input: PushSubscriptionInput) => subscribe(deps, userId, input),

    /** Forgets the user's subscription with this endpoint; 404 when they have none such. */
    unsubscribe: (userId: number, endpoint: string) => unsubscribe(deps, userId, endpoint),

    settings: (userId: number) => settings(deps, userId),

    updateSettings: (userId: number, next: PushSettings) => updateSettings(deps, userId, next),

    /** Sends a push to every device of the user; answers how many took it. */
    sendToUser: (userId: number, payload: PushPayload, devices?: StoredSubscription[]) =>
      sendToUser(deps, userId, payload, devices),

    /**
     * Pushes the stored notifications of the pushed kinds that no process handled yet (see
     * dispatch-notifications.ts). Answers how many notifications reached at least one device.
     */
    dispatchNotifications: () => dispatchNotifications(deps),

    /** The lesson reminders due at `now` (the server's clock), see lesson-reminders.ts; answers how many it sent. */
    sendLessonReminders: (now: Date) => sendLessonReminders(deps, now),
  };
}

export type PushService = ReturnType<typeof createPushService>;
