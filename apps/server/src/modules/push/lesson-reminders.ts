import type { Language, LessonReminderKind } from '@ustaz/contract';
import { renderLessonReminderMail } from '../../mail/templates.ts';
import {
  claimReminder,
  disabledKindsOf,
  lessonsStartingBetween,
  sentReminders,
  setReminderChannel,
  subscriptionsOf,
} from './push.repo.ts';
import type { PushDeps } from './push-context.ts';
import { sendToUser } from './push-send.ts';
import { reminderPush } from './push-texts.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** The reminders (issue 19): the day-before one from 24 h to 1 h before the start, the other in the last 10 minutes. */
export const REMINDERS: Record<LessonReminderKind, { from: number; until: number }> = {
  day: { from: 24 * HOUR_MS, until: HOUR_MS },
  soon: { from: 10 * MINUTE_MS, until: 0 },
};
/** A lesson booked later than this before its start gets no day-before reminder (its booking notice is as fresh). */
const DAY_REMINDER_MIN_NOTICE_MS = 23 * HOUR_MS;

/**
 * The lesson reminders due at `now` (the server's clock): a day before (from 24 h to 1 h
 * before the start, for lessons booked at least 23 h ahead) and 10 minutes before, to the
 * student and the teacher of every confirmed lesson. Each (lesson, kind, person) is claimed
 * once by its `lesson_reminders` row; a subscribed person with reminders switched on gets a
 * push, anyone else (or whose devices all failed) a mail through the outbox. Answers how many
 * reminders this call sent.
 */
export async function sendLessonReminders(deps: PushDeps, now: Date): Promise<number> {
  const { db } = deps;
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
    const took = await sendToUser(deps, person.id, payload, mine);
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
}
