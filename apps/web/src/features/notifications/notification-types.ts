import type { Language } from '@ustaz/contract/constants';

/** The notification types this screen knows (server notifications.repo and chat); others read as generic. */
export const NOTIFICATION_KINDS = [
  'booking.confirmed',
  'booking.received',
  'booking.cancelled',
  'booking.refunded',
  'booking.rescheduled',
  'reservation.proposal',
  'reservation.proposalAccepted',
  'reservation.proposalDeclined',
  'standing.chargeFailed',
  'standing.released',
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
export type KnownKind = (typeof NOTIFICATION_KINDS)[number];
export type NotificationKind = KnownKind | 'unknown';

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

/** What a describer reads: the notification's kind, its data (unchecked), when it was written, the viewer's language. */
export type Described<K extends KnownKind = KnownKind> = {
  kind: K;
  data: Record<string, unknown>;
  createdAt: string;
  language: Language;
};

/** The content of one kind of notification. */
export type Describe<K extends KnownKind = KnownKind> = (input: Described<K>) => NotificationContent;

/** The content of a `kind` whose title is its own `{kind}.title`. */
export function titled(
  kind: NotificationKind,
  body: NotificationContent['body'],
  to: string | null,
): NotificationContent {
  return { kind, title: { key: `${kind}.title` }, body, to };
}
