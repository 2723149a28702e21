import {
  type Language,
  type LessonReminderKind,
  PUSH_KINDS,
  type PushPayload,
  type PushSettings,
  type PushSubscriptionInput,
} from '@ustaz/contract';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Db } from '../../db/client.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { renderLessonReminderMail } from '../../mail/templates.ts';
import {
  claimDelivery,
  claimReminder,
  countSubscriptions,
  deleteSubscriptionByEndpoint,
  deleteUserSubscription,
  disabledKindsOf,
  lessonsStartingBetween,
  readersOf,
  recordDelivery,
  type StoredSubscription,
  sentReminders,
  setDisabledKinds,
  setReminderChannel,
  subscriptionsOf,
  unhandledNotifications,
  upsertSubscription,
} from './push.repo.ts';
import { pushEndpointAllowed } from './push-endpoints.ts';
import { notificationPush, PUSHED_NOTIFICATION_KINDS, reminderPush } from './push-texts.ts';

export type VapidKeys = { publicKey: string; privateKey: string };

/** A fresh VAPID key pair (P-256, base64url), for server.ts to keep in SECRETS_DIR. */
export const generateVapidKeys = (): VapidKeys => webpush.generateVAPIDKeys();

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** The reminders (issue 19): the day-before one from 24 h to 1 h before the start, the other in the last 10 minutes. */
export const REMINDERS: Record<LessonReminderKind, { from: number; until: number }> = {
  day: { from: 24 * HOUR_MS, until: HOUR_MS },
  soon: { from: 10 * MINUTE_MS, until: 0 },
};
/** A lesson booked later than this before its start gets no day-before reminder (its booking notice is as fresh). */
const DAY_REMINDER_MIN_NOTICE_MS = 23 * HOUR_MS;
/** How far back the dispatcher looks for notifications not yet handled. */
const DISPATCH_LOOK_BACK_SECONDS = 600;
/** How long a push service may take to answer. */
const SEND_TIMEOUT_MS = 10_000;
/** How long a push service keeps a push for an offline device (seconds). */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

export type PushDeps = {
  db: Db;
  vapid: VapidKeys;
  /** `mailto:` or https contact of the operator, sent to the push services with every push. */
  subject: string;
  /** PUSH_ENDPOINT_HOSTS: more hosts (exact `host[:port]`, http allowed) beside the known push services. */
  extraHosts: readonly string[];
  /** Which of these users have an open socket (realtime presence). */
  onlineAmong: (userIds: number[]) => Promise<Set<number>>;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
};

const settingsOf = (disabled: readonly string[]): PushSettings =>
  Object.fromEntries(PUSH_KINDS.map((kind) => [kind, !disabled.includes(kind)])) as PushSettings;

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
  const { db, log } = deps;

  /** Sends one push to one device; true when the push service took it. */
  async function sendTo(subscription: StoredSubscription, payload: PushPayload): Promise<boolean> {
    let request: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      request = webpush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: deps.subject, publicKey: deps.vapid.publicKey, privateKey: deps.vapid.privateKey },
          TTL: PUSH_TTL_SECONDS,
          contentEncoding: 'aes128gcm',
          urgency: payload.kind === 'lessonReminder' || payload.kind === 'message' ? 'high' : 'normal',
        },
      );
    } catch (error) {
      // Keys a browser would never give (not a P-256 point): the subscription is useless.
      log.warn({ err: error }, 'push: subscription keys refused, subscription deleted');
      await deleteSubscriptionByEndpoint(db, subscription.endpoint);
      return false;
    }
    // Checked again at send time: a PUSH_ENDPOINT_HOSTS entry removed since still stops here.
    if (!pushEndpointAllowed(request.endpoint, deps.extraHosts)) return false;
    const headers = Object.fromEntries(
      Object.entries(request.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]),
    );
    try {
      const response = await fetch(request.endpoint, {
        method: 'POST',
        headers,
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: 'manual',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.status === 404 || response.status === 410) {
        await deleteSubscriptionByEndpoint(db, subscription.endpoint);
        return false;
      }
      if (!response.ok) {
        log.warn(
          { status: response.status, host: new URL(request.endpoint).host },
          'push: refused by the push service',
        );
        return false;
      }
      return true;
    } catch (error) {
      log.warn({ err: error, host: new URL(request.endpoint).host }, 'push: push service unreachable');
      return false;
    }
  }

  /** Sends a push to every device of the user; answers how many took it. */
  async function sendToUser(userId: number, payload: PushPayload, devices?: StoredSubscription[]): Promise<number> {
    const targets = devices ?? (await subscriptionsOf(db, [userId]));
    const results = await Promise.all(targets.map((device) => sendTo(device, payload)));
    return results.filter(Boolean).length;
  }

  return {
    publicKey: () => deps.vapid.publicKey,

    /** Saves the browser's subscription for the user (again: keys refreshed); 422 off the allow-list, 409 another user's. */
    async subscribe(userId: number, input: PushSubscriptionInput): Promise<void> {
      if (!pushEndpointAllowed(input.endpoint, deps.extraHosts))
        throw new FieldValidationError({ endpoint: 'invalid' });
      const saved = await upsertSubscription(db, userId, {
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
      });
      if (!saved) throw new HttpError(409, 'endpointTaken', 'This push endpoint is registered to another account');
    },

    /** Forgets the user's subscription with this endpoint; 404 when they have none such. */
    async unsubscribe(userId: number, endpoint: string): Promise<void> {
      if ((await deleteUserSubscription(db, userId, endpoint)) === 0)
        throw new HttpError(404, 'notFound', 'Subscription not found');
    },

    async settings(userId: number) {
      const [disabled, devices] = await Promise.all([disabledKindsOf(db, [userId]), countSubscriptions(db, userId)]);
      return { settings: settingsOf(disabled.get(userId) ?? []), devices };
    },

    async updateSettings(userId: number, settings: PushSettings) {
      await setDisabledKinds(
        db,
        userId,
        PUSH_KINDS.filter((kind) => !settings[kind]),
      );
      return this.settings(userId);
    },

    sendToUser,

    /**
     * Pushes the stored notifications of the pushed kinds (new message, booking, cancellation,
     * review request) that no process handled yet: each is claimed first, then pushed to the
     * user's devices when the user has no open socket and has that kind switched on. Answers how
     * many notifications reached at least one device.
     */
    async dispatchNotifications(): Promise<number> {
      const rows = await unhandledNotifications(db, Object.keys(PUSHED_NOTIFICATION_KINDS), DISPATCH_LOOK_BACK_SECONDS);
      if (rows.length === 0) return 0;
      const claimed = [];
      for (const row of rows) if (await claimDelivery(db, row.id)) claimed.push(row);
      if (claimed.length === 0) return 0;
      const userIds = [...new Set(claimed.map((row) => row.userId))];
      const devices = await subscriptionsOf(db, userIds);
      const withDevices = userIds.filter((id) => devices.some((device) => device.userId === id));
      if (withDevices.length === 0) return 0;
      const [online, disabled, readers] = await Promise.all([
        deps.onlineAmong(withDevices),
        disabledKindsOf(db, withDevices),
        readersOf(db, withDevices),
      ]);
      let pushed = 0;
      for (const row of claimed) {
        const reader = readers.get(row.userId);
        const payload = reader ? notificationPush(row, reader) : null;
        if (!payload || online.has(row.userId) || disabled.get(row.userId)?.includes(payload.kind)) continue;
        const mine = devices.filter((device) => device.userId === row.userId);
        if (mine.length === 0) continue;
        const took = await sendToUser(row.userId, payload, mine);
        await recordDelivery(db, row.id, took);
        if (took > 0) pushed += 1;
      }
      return pushed;
    },

    /**
     * The lesson reminders due at `now` (the server's clock): a day before (from 24 h to 1 h
     * before the start, for lessons booked at least 23 h ahead) and 10 minutes before, to the
     * student and the teacher of every confirmed lesson. Each (lesson, kind, person) is claimed
     * once by its `lesson_reminders` row; a subscribed person with reminders switched on gets a
     * push, anyone else (or whose devices all failed) a mail through the outbox. Answers how many
     * reminders this call sent.
     */
    async sendLessonReminders(now: Date): Promise<number> {
      const lessons = await lessonsStartingBetween(
        db,
        new Date(now.getTime()),
        new Date(now.getTime() + REMINDERS.day.from),
      );
      if (lessons.length === 0) return 0;
      const sent = await sentReminders(
        db,
        lessons.map((lesson) => lesson.reservationId),
      );
      type Due = {
        reservationId: number;
        kind: LessonReminderKind;
        start: Date;
        person: (typeof lessons)[number]['student'];
        other: (typeof lessons)[number]['student'];
      };
      const due: Due[] = [];
      for (const lesson of lessons) {
        const start = lesson.startTime;
        if (!start) continue;
        const left = start.getTime() - now.getTime();
        const kind: LessonReminderKind | null =
          left <= REMINDERS.soon.from
            ? 'soon'
            : left <= REMINDERS.day.from &&
                left > REMINDERS.day.until &&
                start.getTime() - lesson.createdAt.getTime() >= DAY_REMINDER_MIN_NOTICE_MS
              ? 'day'
              : null;
        if (!kind) continue;
        for (const [person, other] of [
          [lesson.student, lesson.teacher],
          [lesson.teacher, lesson.student],
        ] as const) {
          if (person.status !== 'active') continue;
          if (sent.has(`${lesson.reservationId}:${kind}:${person.id}`)) continue;
          due.push({ reservationId: lesson.reservationId, kind, start, person, other });
        }
      }
      if (due.length === 0) return 0;
      const people = [...new Set(due.map((item) => item.person.id))];
      const [devices, disabled] = await Promise.all([subscriptionsOf(db, people), disabledKindsOf(db, people)]);
      let count = 0;
      for (const item of due) {
        const { person, other } = item;
        const mine = disabled.get(person.id)?.includes('lessonReminder')
          ? []
          : devices.filter((device) => device.userId === person.id);
        const key = { reservationId: item.reservationId, kind: item.kind, userId: person.id };
        const otherName = `${other.firstName} ${other.lastName}`.trim();
        const language: Language = person.language;
        const mail = () => ({
          to: person.email,
          ...renderLessonReminderMail(language, {
            name: person.firstName,
            otherName,
            kind: item.kind,
            start: item.start,
            url: new URL(
              item.kind === 'soon' ? `/${language}/lessons/${item.reservationId}` : `/${language}/reservations`,
              deps.publicUrl,
            ).toString(),
          }),
        });
        if (mine.length === 0) {
          // The claim and the mail commit together: the mail is queued exactly once.
          const claimed = await db.transaction(async (tx) => {
            if (!(await claimReminder(tx, { ...key, channel: 'mail' }))) return false;
            await deps.mailer.enqueue(tx, mail());
            return true;
          });
          if (claimed) count += 1;
          continue;
        }
        if (!(await claimReminder(db, { ...key, channel: 'push' }))) continue;
        const payload = reminderPush(
          { reservationId: item.reservationId, kind: item.kind, otherName, startTime: item.start },
          { language, timeZone: person.timeZone },
        );
        const took = await sendToUser(person.id, payload, mine);
        if (took === 0) {
          // No device took it (all gone or failing): the mail instead, still under this one claim.
          await db.transaction(async (tx) => {
            await setReminderChannel(tx, key, 'mail');
            await deps.mailer.enqueue(tx, mail());
          });
        }
        count += 1;
      }
      return count;
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
