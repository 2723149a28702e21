import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useNotificationCount } from '../../features/notifications/api/notification-count.ts';
import type { AuthUser } from '../../shared/auth/auth-context.tsx';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { useChatUnread } from '../../shared/realtime/chat-unread.ts';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { LogOut } from '../../shared/ui/icons.tsx';
import { navLinkClass } from './nav-link-class.ts';
import { NotificationBell } from './notification-bell.tsx';
import { UserIdentity, UserMenu, userMenuLinks } from './user-menu.tsx';

type Props = { user: AuthUser; onLogout: () => void };

/**
 * The bell's count: the unread notifications, plus the chat messages that reached an online user
 * live (the server writes a `message.new` notification only for an offline recipient, so each
 * message is counted once; reading the conversation takes it off).
 */
function useBellCount(userId: number): number {
  return useNotificationCount(userId) + useChatUnread(userId).live;
}

/** The signed-in end of the desktop bar (spec 2): the notifications bell and the avatar menu. */
export function DesktopAccountActions({ user, onLogout }: Props) {
  const count = useBellCount(user.id);
  return (
    <>
      <NotificationBell count={count} />
      <UserMenu user={user} onLogout={onLogout} />
    </>
  );
}

/** The bell in the mobile bar, beside the menu button. */
export function MobileBell({ user }: { user: AuthUser }) {
  const count = useBellCount(user.id);
  return <NotificationBell count={count} />;
}

/** The account part of the mobile slide-in menu: who is signed in, the avatar menu's entries, logout. */
export function MobileAccountSection({ user, onLogout }: Props) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  return (
    <div className="border-t border-slate-100 p-3" data-testid="mobile-user-menu">
      <div className="flex items-center gap-3 px-3 py-2">
        <Avatar firstName={user.firstName} lastName={user.lastName} photoUrl={user.photo?.path} />
        <div className="min-w-0">
          <UserIdentity user={user} />
        </div>
      </div>
      <ul className="mt-1 flex flex-col gap-1">
        {userMenuLinks(user).map(({ to, key, Icon }) => (
          <li key={key}>
            <NavLink
              to={localePath(lang, to)}
              className={(s) => `flex items-center gap-3 ${navLinkClass(s)} text-base`}
            >
              <Icon aria-hidden="true" className="size-5" />
              {t(`nav.${key}`)}
            </NavLink>
          </li>
        ))}
        <li>
          <button
            type="button"
            onClick={onLogout}
            className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-start text-base font-semibold text-red-700 hover:bg-red-50"
          >
            <LogOut aria-hidden="true" className="size-5 rtl:-scale-x-100" />
            {t('nav.logout')}
          </button>
        </li>
      </ul>
    </div>
  );
}
