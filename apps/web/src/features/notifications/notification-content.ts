import type { AppNotification } from '@ustaz/contract';
import { cancellationTerms, type Language } from '@ustaz/contract/constants';
import { isolate } from '../../shared/lib/bidi.ts';
import { formatLessonMoment } from '../../shared/lib/dates/formats.ts';
import { formatKwd, formatNumber } from '../../shared/lib/format.ts';

/** The notification types this screen knows (server notifications.repo and chat); others read as generic. */
export const NOTIFICATION_KINDS = [
  'booking.confirmed',
  'booking.received',
  'booking.cancelled',
  'booking.refunded',
  'payment.paid',
  'payment.failed',
  'payment.creditedToWallet',
  'subscription.activated',
  'lesson.completed',
  'lesson.teacherNoShow',
  'dispute.opened',
  'dispute.resolved',
  'message.new',
  'review.new',
  'review.requested',
  'wallet.refund',
  'payout.paid',
  'payout.rejected',
  'teacherApplication.approved',
  'teacherApplication.rejected',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number] | 'unknown';

/** A key of the notifications namespace with its values; `count` picks the plural form. */
export type Text = { key: string; values?: Record<string, string | number> };

export type NotificationContent = {
  kind: NotificationKind;
  title: Text;
  /** Either translated text, or the user's own words (a message preview) shown as they are. */
  body: Text | { userText: string };
  /** Where a click leads, below /{lang}; null when nowhere fits. */
  to: string | null;
};

const PAYMENT_PURPOSES = ['top_up', 'booking', 'subscription'] as const;
/** Where the wallet sits on the profile page (its heading's id). */
const WALLET_PATH = '/profile#wallet-title';

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function positiveInteger(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : null;
}

function purposeOf(value: unknown): string {
  return (PAYMENT_PURPOSES as readonly unknown[]).includes(value) ? String(value) : 'other';
}

function kindOf(type: string): NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(type) ? (type as NotificationKind) : 'unknown';
}

function amountText(value: unknown, language: Language): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  return formatKwd(value, language);
}

/** A lesson's start or a deadline in the viewer's language and zone ("Sat, Mar 14, 6:00 PM"); null if unreadable. */
export function lessonMoment(value: unknown, language: Language): string | null {
  if (typeof value !== 'string') return null;
  return formatLessonMoment(value, language) || null;
}

/**
 * The other party's name (the teacher's for a student, the student's for a teacher) and the
 * lesson's start in the reader's language and zone; null when the notification carries neither.
 */
function otherPartyAndStart(data: Record<string, unknown>, language: Language): { name: string; date: string } | null {
  const name = text(data.teacherName) || text(data.studentName);
  const date = lessonMoment(data.startTime, language);
  return name && date ? { name: isolate(name), date } : null;
}

function countValues(count: number, language: Language) {
  return { count, number: formatNumber(count, language) };
}

/** The content of a `kind` whose title is its own `{kind}.title`. */
function titled(kind: NotificationKind, body: NotificationContent['body'], to: string | null): NotificationContent {
  return { kind, title: { key: `${kind}.title` }, body, to };
}

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

/** What a notification says and where it leads, from its type and data, in the viewer's language. */
export function describeNotification(notification: AppNotification, language: Language): NotificationContent {
  const data = notification.data ?? {};
  const kind = kindOf(notification.type);
  switch (kind) {
    case 'booking.confirmed':
    case 'booking.received': {
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
        return titled(kind, confirmedBody(data, notification.createdAt, values, language), target);
      }
      return titled(kind, { key: `${kind}.body`, values: countValues(Math.max(1, ids), language) }, target);
    }
    case 'booking.cancelled': {
      const by = data.by === 'student' || data.by === 'teacher' || data.by === 'admin' ? data.by : 'unknown';
      const about = otherPartyAndStart(data, language);
      return titled(
        kind,
        about ? { key: `booking.cancelled.byWith.${by}`, values: about } : { key: `booking.cancelled.by.${by}` },
        '/reservations?scope=cancelled',
      );
    }
    case 'booking.refunded': {
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
    }
    case 'payment.paid':
    case 'payment.creditedToWallet': {
      const amount = amountText(data.amount, language);
      const purpose = kind === 'payment.paid' ? purposeOf(data.purpose) : null;
      const body = purpose ? `payment.paid.body.${purpose}` : 'payment.creditedToWallet.body';
      return titled(kind, amount ? { key: body, values: { amount } } : { key: `${kind}.bodyNoAmount` }, WALLET_PATH);
    }
    case 'payment.failed':
      return titled(kind, { key: `payment.failed.body.${purposeOf(data.purpose)}` }, WALLET_PATH);
    case 'subscription.activated':
      return titled(kind, { key: 'subscription.activated.body' }, '/subscriptions');
    case 'lesson.completed': {
      const about = otherPartyAndStart(data, language);
      return titled(
        kind,
        about ? { key: 'lesson.completed.bodyWith', values: about } : { key: 'lesson.completed.body' },
        '/reservations?scope=past',
      );
    }
    case 'lesson.teacherNoShow': {
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
    }
    case 'dispute.opened':
      // Admins' copy carries the reporter's reason and leads to the disputes page; the other party's to their lessons.
      return typeof data.reason === 'string'
        ? titled(kind, { key: 'dispute.opened.bodyAdmin' }, '/admin/disputes')
        : titled(kind, { key: 'dispute.opened.body' }, '/reservations');
    case 'dispute.resolved': {
      const amount = amountText(data.amount, language);
      const body: Text =
        data.outcome === 'refund' && amount
          ? { key: 'dispute.resolved.bodyRefund', values: { amount } }
          : data.outcome === 'release'
            ? { key: 'dispute.resolved.bodyRelease' }
            : { key: 'dispute.resolved.body' };
      return titled(kind, body, '/reservations');
    }
    case 'message.new': {
      const name = text(data.senderName);
      const preview = text(data.preview);
      const senderId = positiveInteger(data.senderId);
      return {
        kind,
        title: name
          ? { key: 'message.new.title', values: { name: isolate(name) } }
          : { key: 'message.new.titleNoName' },
        body: preview ? { userText: preview } : { key: 'message.new.bodyNoText' },
        to: senderId ? `/chats/${senderId}` : '/chats',
      };
    }
    case 'review.new': {
      const name = text(data.authorName);
      const rating = Number(data.rating);
      const stars = Number.isFinite(rating) && rating > 0 ? formatNumber(rating, language, rating % 1 ? 1 : 0) : null;
      const body: Text = !stars
        ? { key: 'review.new.bodyPlain' }
        : {
            key: name ? 'review.new.body' : 'review.new.bodyNoName',
            values: { name: isolate(name), rating: stars, max: formatNumber(5, language) },
          };
      return titled(kind, body, '/profile');
    }
    case 'review.requested': {
      // A completed lesson asks both sides for a review: the prompt is on the reservations page.
      const about = otherPartyAndStart(data, language);
      return titled(
        kind,
        about ? { key: 'review.requested.bodyWith', values: about } : { key: 'review.requested.body' },
        '/reservations',
      );
    }
    case 'wallet.refund': {
      // A manual refund by the support team (admin dashboard): money back to the wallet.
      const amount = amountText(data.amount, language);
      return titled(
        kind,
        amount ? { key: 'wallet.refund.body', values: { amount } } : { key: 'wallet.refund.bodyNoAmount' },
        WALLET_PATH,
      );
    }
    case 'payout.paid':
    case 'payout.rejected': {
      // A teacher's payout, sent to the bank or returned to the earnings by the support team.
      const amount = amountText(data.amount, language);
      return titled(
        kind,
        amount ? { key: `${kind}.body`, values: { amount } } : { key: `${kind}.bodyNoAmount` },
        '/earnings',
      );
    }
    case 'teacherApplication.approved':
      return titled(kind, { key: 'teacherApplication.approved.body' }, '/profile');
    case 'teacherApplication.rejected': {
      // The admin's reason is their own words: isolated in its own direction.
      const reason = text(data.reason);
      return titled(
        kind,
        reason
          ? { key: 'teacherApplication.rejected.body', values: { reason: isolate(reason) } }
          : { key: 'teacherApplication.rejected.bodyNoReason' },
        '/teach',
      );
    }
    default:
      return titled('unknown', { key: 'unknown.body' }, null);
  }
}
