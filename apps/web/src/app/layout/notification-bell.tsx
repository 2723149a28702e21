import { type Language, NOTIFICATIONS } from '@ustaz/contract/constants';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatNumber } from '../../shared/lib/format.ts';
import { Bell } from '../../shared/ui/icons.tsx';

/** Spec 2 "Bell badge": none at 0, the count up to 99, then "99+", in the language's digits ("٩٩+"). */
export function badgeText(count: number, language: Language): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > NOTIFICATIONS.badgeCap
    ? `${formatNumber(NOTIFICATIONS.badgeCap, language)}+`
    : formatNumber(Math.floor(count), language);
}

/** The notifications bell, linking to /{lang}/notifications (marked current there), with the unread badge. */
export function NotificationBell({ count, className = '' }: { count: number; className?: string }) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const badge = badgeText(count, lang);
  return (
    <NavLink
      to={localePath(lang, '/notifications')}
      aria-label={badge ? t('nav.notificationsUnread', { unread: badge }) : t('nav.notifications')}
      data-testid="notification-bell"
      className={({ isActive }) =>
        `relative inline-flex size-11 items-center justify-center rounded-full transition-colors hover:bg-slate-100 hover:text-primary ${isActive ? 'bg-slate-100 text-primary' : 'text-slate-700'} ${className}`
      }
    >
      <Bell aria-hidden="true" className="size-5" />
      {badge ? (
        <span
          aria-hidden="true"
          data-testid="notification-badge"
          className="absolute -top-0.5 -end-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-secondary px-1 text-[0.6875rem] leading-none font-bold text-white ring-2 ring-white"
        >
          {badge}
        </span>
      ) : null}
    </NavLink>
  );
}
