import type { AppNotification } from '@ustaz/contract';
import type { Language } from '@ustaz/contract/constants';
import { isolate } from '../../shared/lib/bidi.ts';
import { formatNumber } from '../../shared/lib/format.ts';
import { LESSON_NOTIFICATIONS } from './lesson-notifications.ts';
import {
  type Describe,
  type KnownKind,
  NOTIFICATION_KINDS,
  type NotificationContent,
  type NotificationKind,
  type Text,
  titled,
} from './notification-types.ts';
import {
  amountText,
  otherPartyAndStart,
  positiveInteger,
  purposeOf,
  text,
  WALLET_PATH,
} from './notification-values.ts';
import { WEEKLY_NOTIFICATIONS } from './weekly-notifications.ts';

export {
  NOTIFICATION_KINDS,
  type NotificationContent,
  type NotificationKind,
  type Text,
} from './notification-types.ts';
export { lessonMoment } from './notification-values.ts';

function kindOf(type: string): NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(type) ? (type as NotificationKind) : 'unknown';
}

/** A payment that went through: what it paid for, or the wallet credited. */
const paid: Describe<'payment.paid' | 'payment.creditedToWallet'> = ({ kind, data, language }) => {
  const amount = amountText(data.amount, language);
  const purpose = kind === 'payment.paid' ? purposeOf(data.purpose) : null;
  const body = purpose ? `payment.paid.body.${purpose}` : 'payment.creditedToWallet.body';
  return titled(kind, amount ? { key: body, values: { amount } } : { key: `${kind}.bodyNoAmount` }, WALLET_PATH);
};

const disputeResolved: Describe<'dispute.resolved'> = ({ kind, data, language }) => {
  const amount = amountText(data.amount, language);
  const body: Text =
    data.outcome === 'refund' && amount
      ? { key: 'dispute.resolved.bodyRefund', values: { amount } }
      : data.outcome === 'release'
        ? { key: 'dispute.resolved.bodyRelease' }
        : { key: 'dispute.resolved.body' };
  return titled(kind, body, '/reservations');
};

const newMessage: Describe<'message.new'> = ({ kind, data }) => {
  const name = text(data.senderName);
  const preview = text(data.preview);
  const senderId = positiveInteger(data.senderId);
  return {
    kind,
    title: name ? { key: 'message.new.title', values: { name: isolate(name) } } : { key: 'message.new.titleNoName' },
    body: preview ? { userText: preview } : { key: 'message.new.bodyNoText' },
    to: senderId ? `/chats/${senderId}` : '/chats',
  };
};

const newReview: Describe<'review.new'> = ({ kind, data, language }) => {
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
};

/** A teacher's payout, sent to the bank or returned to the earnings by the support team. */
const payout: Describe<'payout.paid' | 'payout.rejected'> = ({ kind, data, language }) => {
  const amount = amountText(data.amount, language);
  return titled(
    kind,
    amount ? { key: `${kind}.body`, values: { amount } } : { key: `${kind}.bodyNoAmount` },
    '/earnings',
  );
};

/** Each known kind's content (the bookings' and lessons' in lesson-notifications.ts). */
const DESCRIBERS: { [K in KnownKind]: Describe<K> } = {
  ...LESSON_NOTIFICATIONS,
  ...WEEKLY_NOTIFICATIONS,
  'payment.paid': paid,
  'payment.creditedToWallet': paid,
  'payment.failed': ({ kind, data }) =>
    titled(kind, { key: `payment.failed.body.${purposeOf(data.purpose)}` }, WALLET_PATH),
  'subscription.activated': ({ kind }) => titled(kind, { key: 'subscription.activated.body' }, '/subscriptions'),
  // Admins' copy carries the reporter's reason and leads to the disputes page; the other party's to their lessons.
  'dispute.opened': ({ kind, data }) =>
    typeof data.reason === 'string'
      ? titled(kind, { key: 'dispute.opened.bodyAdmin' }, '/admin/disputes')
      : titled(kind, { key: 'dispute.opened.body' }, '/reservations'),
  'dispute.resolved': disputeResolved,
  'message.new': newMessage,
  'review.new': newReview,
  // A completed lesson asks both sides for a review: the prompt is on the reservations page.
  'review.requested': (input) => {
    const about = otherPartyAndStart(input.data, input.language);
    return titled(
      input.kind,
      about ? { key: 'review.requested.bodyWith', values: about } : { key: 'review.requested.body' },
      '/reservations',
    );
  },
  // A manual refund by the support team (admin dashboard): money back to the wallet.
  'wallet.refund': ({ kind, data, language }) => {
    const amount = amountText(data.amount, language);
    return titled(
      kind,
      amount ? { key: 'wallet.refund.body', values: { amount } } : { key: 'wallet.refund.bodyNoAmount' },
      WALLET_PATH,
    );
  },
  'payout.paid': payout,
  'payout.rejected': payout,
  'teacherApplication.approved': ({ kind }) => titled(kind, { key: 'teacherApplication.approved.body' }, '/profile'),
  // The admin's reason is their own words: isolated in its own direction.
  'teacherApplication.rejected': ({ kind, data }) => {
    const reason = text(data.reason);
    return titled(
      kind,
      reason
        ? { key: 'teacherApplication.rejected.body', values: { reason: isolate(reason) } }
        : { key: 'teacherApplication.rejected.bodyNoReason' },
      '/teach',
    );
  },
};

/** What a notification says and where it leads, from its type and data, in the viewer's language. */
export function describeNotification(notification: AppNotification, language: Language): NotificationContent {
  const kind = kindOf(notification.type);
  if (kind === 'unknown') return titled('unknown', { key: 'unknown.body' }, null);
  // The table gives each kind its own describer; indexed by a union, TypeScript sees their union.
  const describe = DESCRIBERS[kind] as Describe;
  return describe({ kind, data: notification.data ?? {}, createdAt: notification.createdAt, language });
}
