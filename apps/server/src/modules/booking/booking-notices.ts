import { cancellationTerms, DEFAULT_LANGUAGE } from '@ustaz/contract';
import type { Executor } from '../../db/client.ts';
import type { ReservationRow } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { type MailContent, renderBookingMail } from '../../mail/templates.ts';
import type { MailReader } from '../../mail/weekly-templates.ts';
import { insertNotifications } from '../notifications/notifications.service.ts';
import { type LockedSlot, type NamedPerson, namesOf } from './booking.repo.ts';

/** How the booking confirmation mail goes out: through the outbox (none in tests that do not need it). */
export type BookingMail = { mailer?: Mailer | undefined; publicUrl: string };

/**
 * Queues a mail to one party inside the caller's transaction (sent after commit): rendered for
 * them as its reader (first name, language, zone), its button to `page` under their language.
 */
export async function mailParty(
  tx: Executor,
  { mailer, publicUrl }: BookingMail,
  person: NamedPerson | undefined,
  page: string,
  render: (reader: MailReader, url: string) => MailContent,
) {
  if (!mailer || !person) return;
  const { language, timeZone } = person;
  const reader = { name: person.firstName(language), language, timeZone };
  await mailer.enqueue(tx, { to: person.email, ...render(reader, `${publicUrl}/${language}${page}`) });
}

/**
 * The receipt page of a booking just confirmed (issue 34): the gateway payment's when one payment
 * paid every lesson, else the one lesson's once it is paid; none for several lessons paid from the
 * balance (each has its own, from the reservations list).
 */
export function receiptPageOf(rows: Pick<ReservationRow, 'id' | 'status' | 'paymentId'>[]): string | undefined {
  const [first] = rows;
  if (!first) return undefined;
  if (first.paymentId && rows.every((row) => row.paymentId === first.paymentId)) return `/receipts/${first.paymentId}`;
  if (rows.length === 1 && first.status !== 'pending') return `/receipts/lesson-${first.id}`;
  return undefined;
}

/**
 * Tells the student (whom, when, and until when they may cancel, or that they cannot: the rule of
 * `cancellationTerms` at `now`, so no notice promises a deadline already past) and each teacher
 * (who, when). Times are ISO instants: the reader's screen shows them in the reader's zone.
 */
export async function notifyBooked(
  tx: Executor,
  { mailer, publicUrl }: BookingMail,
  studentId: number,
  rows: ReservationRow[],
  slots: LockedSlot[],
  now: Date,
) {
  const teacherUsers = new Map(slots.map((slot) => [slot.teacherId, slot.teacherUserId]));
  const people = await namesOf(tx, [studentId, ...teacherUsers.values()]);
  // Each name in its reader's language where the person spelled it for it (ADR 020).
  const student = people.get(studentId);
  const studentLanguage = student?.language ?? DEFAULT_LANGUAGE;
  const firstStart = (of: ReservationRow[]) => Math.min(...of.map((row) => (row.startTime ?? now).getTime()));
  const when = (of: ReservationRow[]) => {
    const first = firstStart(of);
    const terms = cancellationTerms(first, now);
    return {
      startTime: new Date(first).toISOString(),
      // The deadline only while it is ahead; under 24 hours the notice says the lesson cannot be cancelled.
      ...(terms.cancellable ? { cancelDeadline: terms.deadline } : { cancellable: false }),
    };
  };
  const teacherNames = [...new Set(teacherUsers.values())].map((id) => people.get(id)?.name(studentLanguage) ?? '');
  await insertNotifications(tx, [
    {
      userId: studentId,
      type: 'booking.confirmed',
      data: {
        reservationIds: rows.map((row) => row.id),
        ...(teacherNames.length === 1 ? { teacherName: teacherNames[0] } : {}),
        ...when(rows),
      },
    },
    ...[...new Set(teacherUsers.values())].map((teacherUserId) => {
      const theirs = rows.filter((row) => teacherUsers.get(row.teacherId) === teacherUserId);
      return {
        userId: teacherUserId,
        type: 'booking.received' as const,
        data: {
          reservationIds: theirs.map((row) => row.id),
          studentName: student?.name(people.get(teacherUserId)?.language ?? DEFAULT_LANGUAGE) ?? '',
          startTime: when(theirs).startTime,
        },
      };
    }),
  ]);
  // And by mail, in the outbox of this transaction (sent after commit).
  if (mailer && student && teacherNames.length > 0) {
    const receiptPath = receiptPageOf(rows);
    await mailer.enqueue(tx, {
      to: student.email,
      ...renderBookingMail(student.language, {
        name: student.firstName(student.language),
        teacherName: teacherNames.join('، '),
        lessons: rows.map((row) => ({ start: row.startTime ?? now, end: row.endTime ?? now })),
        terms: cancellationTerms(firstStart(rows), now),
        url: `${publicUrl}/${student.language}/reservations`,
        receiptUrl: receiptPath ? `${publicUrl}/${student.language}${receiptPath}` : undefined,
      }),
    });
  }
}
