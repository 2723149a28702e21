import { cancellationTerms, type Language } from '@ustaz/contract/constants';
import { isolate } from '../../shared/lib/bidi.ts';
import { formatNumber } from '../../shared/lib/format.ts';
import { type Describe, type KnownKind, type Text, titled } from './notification-types.ts';
import {
  amountText,
  countValues,
  lessonMoment,
  otherPartyAndStart,
  positiveInteger,
  text,
  WALLET_PATH,
} from './notification-values.ts';

/**
 * A confirmation's cancellation terms by the one rule (`cancellationTerms`), judged when the notice
 * was written: free until the deadline, or (under 24 hours) that the lesson cannot be cancelled,
 * never a deadline that had already passed (issue 30; older notices carried one).
 */
function confirmedBody(
  data: Record<string, unknown>,
  createdAt: string,
  values: Record<string, string | number>,
  language: Language,
): Text {
  const withTerms = data.cancellable === false || data.cancelDeadline !== undefined;
  if (!withTerms || typeof data.startTime !== 'string') return { key: 'booking.confirmed.bodyWith', values };
  const terms = cancellationTerms(data.startTime, createdAt);
  if (data.cancellable === false || !terms.cancellable) return { key: 'booking.confirmed.bodyClosed', values };
  const deadline = lessonMoment(terms.deadline, language);
  return deadline
    ? { key: 'booking.confirmed.bodyWithDeadline', values: { ...values, deadline } }
    : { key: 'booking.confirmed.bodyWith', values };
}

/** A booking made: the student's confirmation, the teacher's notice. */
const booked: Describe<'booking.confirmed' | 'booking.received'> = ({ kind, data, createdAt, language }) => {
  const ids = Array.isArray(data.reservationIds) ? data.reservationIds.length : 0;
  // One lesson: its room (issue 16; before it opens, the room counts down); several: the list.
  const single = ids === 1 && Array.isArray(data.reservationIds) ? positiveInteger(data.reservationIds[0]) : null;
  const target = single ? `/lessons/${single}` : '/reservations';
  // With the other person and the (first) start in the data, the text names them (and the deadline).
  const name = text(data.teacherName);
  const date = lessonMoment(data.startTime, language);
  const student = text(data.studentName);
  if (kind === 'booking.received' && student && date) {
    return titled(
      kind,
      {
        key: 'booking.received.bodyWith',
        values: { ...countValues(Math.max(1, ids), language), name: isolate(student), date },
      },
      target,
    );
  }
  if (kind === 'booking.confirmed' && name && date) {
    const values = { ...countValues(Math.max(1, ids), language), name: isolate(name), date };
    return titled(kind, confirmedBody(data, createdAt, values, language), target);
  }
  return titled(kind, { key: `${kind}.body`, values: countValues(Math.max(1, ids), language) }, target);
};

const cancelled: Describe<'booking.cancelled'> = ({ kind, data, language }) => {
  const by = data.by === 'student' || data.by === 'teacher' || data.by === 'admin' ? data.by : 'unknown';
  const about = otherPartyAndStart(data, language);
  return titled(
    kind,
    about ? { key: `booking.cancelled.byWith.${by}`, values: about } : { key: `booking.cancelled.by.${by}` },
    '/reservations?scope=cancelled',
  );
};

const refunded: Describe<'booking.refunded'> = ({ kind, data, language }) => {
  // What a cancellation gave back (issue 17): money to the wallet, or hours to the subscription;
  // both, and the gateway that took the money, named when so (issue 30).
  const about = otherPartyAndStart(data, language);
  const key = about ? 'booking.refunded.body' : 'booking.refunded.bodyPlain';
  const money = Number(data.amount) > 0 ? amountText(data.amount, language) : null;
  if (data.to === 'subscription' && typeof data.hours === 'number' && money) {
    const hours = formatNumber(data.hours, language, data.hours % 1 ? 1 : 0);
    return titled(
      kind,
      { key: `${key}.split`, values: { ...about, hours, count: data.hours, amount: money } },
      WALLET_PATH,
    );
  }
  if (data.to === 'subscription') {
    const hours = typeof data.hours === 'number' ? formatNumber(data.hours, language, data.hours % 1 ? 1 : 0) : '';
    // `count` picks the plural form (Arabic: ساعة واحدة، ساعتان، ٣ ساعات، ١١ ساعة); `hours` is the written number.
    const values = { ...about, hours, count: typeof data.hours === 'number' ? data.hours : 0 };
    return titled(kind, { key: `${key}.subscription`, values }, '/subscriptions');
  }
  const amount = amountText(data.amount, language) ?? '';
  const gateway = data.paidWith === 'payzah' ? 'Payzah' : data.paidWith === 'deema' ? 'Deema' : '';
  return titled(
    kind,
    { key: `${key}.wallet${gateway ? `From${gateway}` : ''}`, values: { ...about, amount } },
    WALLET_PATH,
  );
};

const completed: Describe<'lesson.completed'> = ({ kind, data, language }) => {
  const about = otherPartyAndStart(data, language);
  return titled(
    kind,
    about ? { key: 'lesson.completed.bodyWith', values: about } : { key: 'lesson.completed.body' },
    '/reservations?scope=past',
  );
};

const teacherNoShow: Describe<'lesson.teacherNoShow'> = ({ kind, data, language }) => {
  // The teacher never joined the room: cancelled and refunded (issue 16); the room says how it ended.
  // Each reader is addressed as who they are (issue 30): the student got the refund, the teacher
  // reads whom it went to; older notices without names keep the plain text.
  const id = positiveInteger(data.reservationId);
  const about = otherPartyAndStart(data, language);
  const reader = text(data.teacherName) ? 'bodyStudent' : 'bodyTeacher';
  return titled(
    kind,
    about ? { key: `lesson.teacherNoShow.${reader}`, values: about } : { key: 'lesson.teacherNoShow.body' },
    id ? `/lessons/${id}` : '/reservations?scope=cancelled',
  );
};

type LessonKind = Exclude<Extract<KnownKind, `booking.${string}` | `lesson.${string}`>, 'booking.rescheduled'>;

/** The notifications of bookings and lessons, by kind. */
export const LESSON_NOTIFICATIONS: { [K in LessonKind]: Describe<K> } = {
  'booking.confirmed': booked,
  'booking.received': booked,
  'booking.cancelled': cancelled,
  'booking.refunded': refunded,
  'lesson.completed': completed,
  'lesson.teacherNoShow': teacherNoShow,
};
