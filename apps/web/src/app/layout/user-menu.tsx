import { ROLE } from '@ustaz/contract/constants';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AuthUser } from '../../shared/auth/auth-context.tsx';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { Avatar } from '../../shared/ui/avatar.tsx';
import {
  CalendarClock,
  CalendarDays,
  ChevronDown,
  HandCoins,
  LogOut,
  MessageCircle,
  UserRound,
} from '../../shared/ui/icons.tsx';

/** The avatar menu's entries (spec 2): my profile, my chats, my reservations, then logout. */
export const USER_MENU_LINKS = [
  { to: '/profile', key: 'myProfile', Icon: UserRound },
  { to: '/chats', key: 'myChats', Icon: MessageCircle },
  { to: '/reservations', key: 'myReservations', Icon: CalendarDays },
] as const;

/** A teacher's menu has their earnings too (issue 15). */
const EARNINGS_LINK = { to: '/earnings', key: 'myEarnings', Icon: HandCoins } as const;

/**
 * A teacher's upcoming lessons as a day list or week grid, with the calendar feed (issue 15): their
 * second entry. A student's menu stays as spec 2 lists it (/schedule opens for them too).
 */
const SCHEDULE_LINK = { to: '/schedule', key: 'mySchedule', Icon: CalendarClock } as const;

/** The avatar menu's entries for this user. */
export function userMenuLinks(user: AuthUser) {
  if (user.role.id !== ROLE.teacher) return USER_MENU_LINKS;
  const [profile, ...rest] = USER_MENU_LINKS;
  return [profile, SCHEDULE_LINK, ...rest, EARNINGS_LINK];
}

/**
 * The avatar menu button (WAI-ARIA menu button): Enter, Space or ArrowDown open it on the first
 * entry, ArrowUp on the last; arrows, Home and End move; Escape closes and returns to the
 * button; Tab, a click outside or choosing an entry closes it.
 */
/** The signed-in user's name and e-mail, as the account menus head them. */
export function UserIdentity({ user }: { user: AuthUser }) {
  return (
    <>
      <p className="truncate font-bold text-slate-900">
        <bdi>
          {user.firstName} {user.lastName}
        </bdi>
      </p>
      <p className="truncate text-sm text-slate-500">
        <bdi>{user.email}</bdi>
      </p>
    </>
  );
}

export function UserMenu({ user, onLogout }: { user: AuthUser; onLogout: () => void }) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const pendingFocus = useRef<number | null>(null);
  const menuId = useId();
  const links = userMenuLinks(user);
  const itemCount = links.length + 1;

  useEffect(() => {
    if (!open) return;
    if (pendingFocus.current !== null) {
      itemRefs.current[pendingFocus.current]?.focus();
      pendingFocus.current = null;
    }
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function openAt(index: number) {
    pendingFocus.current = index;
    setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(itemCount - 1);
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = itemRefs.current.indexOf(document.activeElement as HTMLButtonElement);
    const move = (index: number) => {
      event.preventDefault();
      itemRefs.current[(index + itemCount) % itemCount]?.focus();
    };
    if (event.key === 'ArrowDown') move(current + 1);
    else if (event.key === 'ArrowUp') move(current - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(itemCount - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
  }

  function go(path: string) {
    close(false);
    void navigate(localePath(lang, path));
  }

  const itemClass =
    'flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-start text-sm font-semibold text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none';

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('nav.accountMenu')}
        data-testid="user-menu-button"
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
        className="flex min-h-11 items-center gap-1.5 rounded-full p-1 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-primary"
      >
        <Avatar firstName={user.firstName} lastName={user.lastName} photoUrl={user.photo?.path} size="sm" />
        <ChevronDown aria-hidden="true" className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          aria-label={t('nav.accountMenu')}
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          data-testid="user-menu"
          className="absolute end-0 top-full z-50 mt-2 w-60 rounded-xl border border-slate-100 bg-white p-2 shadow-lg"
        >
          <div role="none" className="border-b border-slate-100 px-3 pt-1 pb-3">
            <UserIdentity user={user} />
          </div>
          <div role="none" className="pt-2">
            {links.map(({ to, key, Icon }, index) => (
              <button
                key={key}
                ref={(node) => {
                  itemRefs.current[index] = node;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={itemClass}
                onClick={() => go(to)}
              >
                <Icon aria-hidden="true" className="size-4 text-slate-500" />
                {t(`nav.${key}`)}
              </button>
            ))}
            <button
              ref={(node) => {
                itemRefs.current[links.length] = node;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={`${itemClass} text-red-700 hover:bg-red-50 focus:bg-red-50`}
              onClick={() => {
                close(false);
                onLogout();
              }}
            >
              <LogOut aria-hidden="true" className="size-4 rtl:-scale-x-100" />
              {t('nav.logout')}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
