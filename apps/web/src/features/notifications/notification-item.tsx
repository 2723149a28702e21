import type { AppNotification } from '@ustaz/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../shared/i18n/language.ts';
import { translate } from '../../shared/i18n/translate.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { cx } from '../../shared/ui/class-names.ts';
import {
  Bell,
  CalendarCheck,
  CalendarClock,
  CalendarPlus,
  CalendarX2,
  CircleAlert,
  CircleCheck,
  GraduationCap,
  Landmark,
  type LucideIcon,
  MessageSquare,
  PackageCheck,
  Star,
  Undo2,
  WalletMinimal,
} from '../../shared/ui/icons.tsx';
import { describeNotification, type NotificationKind, type Text } from './notification-content.ts';
import { formatNotificationTime } from './notification-time.ts';

const KIND_ICONS: Record<NotificationKind, { Icon: LucideIcon; tone: string }> = {
  'booking.confirmed': { Icon: CalendarCheck, tone: 'bg-emerald-50 text-emerald-700' },
  'booking.received': { Icon: CalendarPlus, tone: 'bg-emerald-50 text-emerald-700' },
  'booking.cancelled': { Icon: CalendarX2, tone: 'bg-red-50 text-red-700' },
  'booking.refunded': { Icon: WalletMinimal, tone: 'bg-sky-50 text-sky-700' },
  'booking.rescheduled': { Icon: CalendarClock, tone: 'bg-sky-50 text-sky-700' },
  'reservation.proposal': { Icon: CalendarClock, tone: 'bg-amber-50 text-amber-700' },
  'reservation.proposalAccepted': { Icon: CalendarCheck, tone: 'bg-emerald-50 text-emerald-700' },
  'reservation.proposalDeclined': { Icon: CalendarX2, tone: 'bg-red-50 text-red-700' },
  'standing.chargeFailed': { Icon: CircleAlert, tone: 'bg-amber-50 text-amber-700' },
  'standing.released': { Icon: CalendarX2, tone: 'bg-red-50 text-red-700' },
  'payment.paid': { Icon: CircleCheck, tone: 'bg-sky-50 text-sky-700' },
  'payment.failed': { Icon: CircleAlert, tone: 'bg-red-50 text-red-700' },
  'payment.creditedToWallet': { Icon: WalletMinimal, tone: 'bg-sky-50 text-sky-700' },
  'subscription.activated': { Icon: PackageCheck, tone: 'bg-violet-50 text-violet-700' },
  'lesson.completed': { Icon: GraduationCap, tone: 'bg-amber-50 text-amber-700' },
  'lesson.teacherNoShow': { Icon: CalendarX2, tone: 'bg-red-50 text-red-700' },
  'dispute.opened': { Icon: CircleAlert, tone: 'bg-amber-50 text-amber-700' },
  'dispute.resolved': { Icon: CircleCheck, tone: 'bg-sky-50 text-sky-700' },
  'message.new': { Icon: MessageSquare, tone: 'bg-blue-50 text-primary' },
  'review.new': { Icon: Star, tone: 'bg-amber-50 text-amber-700' },
  'review.requested': { Icon: Star, tone: 'bg-amber-50 text-amber-700' },
  'wallet.refund': { Icon: WalletMinimal, tone: 'bg-emerald-50 text-emerald-700' },
  'payout.paid': { Icon: Landmark, tone: 'bg-emerald-50 text-emerald-700' },
  'payout.rejected': { Icon: Undo2, tone: 'bg-red-50 text-red-700' },
  'teacherApplication.approved': { Icon: GraduationCap, tone: 'bg-emerald-50 text-emerald-700' },
  'teacherApplication.rejected': { Icon: GraduationCap, tone: 'bg-red-50 text-red-700' },
  unknown: { Icon: Bell, tone: 'bg-slate-100 text-slate-600' },
};

/**
 * One notification: an icon for its type, what happened, when, and whether it is unread. A click
 * marks it read and, when it concerns something with a page, goes there.
 */
export function NotificationItem({
  notification,
  now,
  timeZone,
  onOpen,
}: {
  notification: AppNotification;
  now: Date;
  timeZone?: string;
  onOpen: (notification: AppNotification) => void;
}) {
  const { t } = useTranslation('notifications');
  const language = useCurrentLanguage();
  const content = describeNotification(notification, language);
  const { Icon, tone } = KIND_ICONS[content.kind];
  const unread = notification.readAt === null;
  const time = formatNotificationTime(notification.createdAt, language, now, timeZone);
  const say = (text: Text) => translate(t, text.key, text.values);
  const className = cx(
    'flex w-full items-start gap-3 rounded-2xl border p-4 text-start transition-colors sm:gap-4',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
    unread
      ? 'border-primary/20 bg-primary/5 hover:bg-primary/10'
      : 'border-slate-200 bg-white hover:border-slate-300 hover:bg-slate-50',
  );
  const inner = (
    <>
      <span aria-hidden="true" className={cx('flex size-10 shrink-0 items-center justify-center rounded-full', tone)}>
        <Icon className="size-5" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="flex items-start justify-between gap-3">
          <span
            className={cx('min-w-0 text-slate-900', unread ? 'font-bold' : 'font-semibold')}
            data-testid="notification-title"
          >
            {say(content.title)}
          </span>
          {unread ? (
            <span className="mt-1.5 flex shrink-0 items-center">
              <span aria-hidden="true" className="size-2.5 rounded-full bg-secondary" />
              <span className="sr-only">{t('unread')}</span>
            </span>
          ) : null}
        </span>
        {'userText' in content.body ? (
          <span
            dir="auto"
            className="line-clamp-2 text-sm wrap-anywhere text-slate-600"
            data-testid="notification-body"
          >
            {content.body.userText}
          </span>
        ) : (
          <span className="text-sm text-slate-600" data-testid="notification-body">
            {say(content.body)}
          </span>
        )}
        {time ? (
          <time dateTime={notification.createdAt} title={time.full} className="text-xs text-slate-500">
            {time.label}
          </time>
        ) : null}
      </span>
    </>
  );
  if (!content.to && !unread) {
    return (
      <div className={className} data-testid="notification">
        {inner}
      </div>
    );
  }
  // A link when it leads somewhere; otherwise a button that only marks it read.
  const action = {
    onClick: () => onOpen(notification),
    className,
    'data-testid': 'notification',
    'data-unread': unread || undefined,
    children: inner,
  };
  return content.to ? <Link to={localePath(language, content.to)} {...action} /> : <button type="button" {...action} />;
}
