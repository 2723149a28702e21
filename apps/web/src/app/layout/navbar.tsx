import { NAVBAR_SCROLL_THRESHOLD_PX } from '@ustaz/contract/constants';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useAuth } from '../../shared/auth/auth-context.tsx';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { useChatUnread } from '../../shared/realtime/chat-unread.ts';
import { useWebsiteSettings } from '../../shared/settings/api.ts';
import { brandOf } from '../../shared/settings/brand.ts';
import { Menu } from '../../shared/ui/icons.tsx';
import { BrandMark } from './brand-mark.tsx';
import { ChatsNavLabel } from './chats-nav-label.tsx';
import { GuestActions } from './guest-actions.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { GUEST_LINKS, type NavItem, SIGNED_IN_LINKS } from './nav-items.ts';
import { navLinkClass } from './nav-link-class.ts';
import { useMobileMenu } from './use-mobile-menu.ts';
import { useNewMessageToast } from './use-new-message-toast.ts';

// The signed-in parts (bell, avatar menu) load only for a signed-in user.
const signedInNav = () => import('./signed-in-nav.tsx');
const DesktopAccountActions = lazy(() => signedInNav().then((m) => ({ default: m.DesktopAccountActions })));
const MobileBell = lazy(() => signedInNav().then((m) => ({ default: m.MobileBell })));

const ACTION_PLACEHOLDER = <span aria-hidden="true" className="inline-block size-11" />;

function useScrolled(threshold: number) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return scrolled;
}

/** Spec 2 "Navigation bar": transparent at the top, solid with a shadow past 10 px; mobile slide-in menu. */
export function Navbar() {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const auth = useAuth();
  const user = auth.isAuthenticated ? auth.user : null;
  const scrolled = useScrolled(NAVBAR_SCROLL_THRESHOLD_PX);
  const brand = brandOf(useWebsiteSettings().data?.settings, t('appName'), lang);
  const { menuOpen, setMenuOpen, openButtonRef, closeButtonRef } = useMobileMenu();
  const links = user ? SIGNED_IN_LINKS : GUEST_LINKS;
  // While a stored session is being checked, neither the guest buttons nor the avatar show.
  const showGuestActions = !user && !auth.loading;
  const chatUnread = useChatUnread(user?.id ?? null);
  useNewMessageToast(user?.id ?? null);
  const label = (item: NavItem) =>
    item.key === 'chats' ? <ChatsNavLabel unread={chatUnread.total} /> : t(`nav.${item.key}`);

  function logout() {
    setMenuOpen(false);
    void auth.logout();
  }

  return (
    <header
      data-testid="navbar"
      data-scrolled={scrolled}
      className={`sticky top-0 z-40 transition-[background-color,box-shadow] duration-200 ${
        scrolled ? 'bg-white shadow-md' : 'bg-transparent'
      }`}
    >
      <nav aria-label={t('nav.mainNavigation')} className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Link
          to={localePath(lang)}
          data-testid="navbar-brand"
          className="flex min-w-0 items-center gap-2 text-xl font-extrabold text-primary"
        >
          <BrandMark brand={brand} nameFrom="sm" />
        </Link>

        <ul className="ms-6 hidden items-center gap-1 lg:flex">
          {links.map((item) => (
            <li key={item.key}>
              <NavLink to={localePath(lang, item.to)} end={item.end} className={navLinkClass}>
                {label(item)}
              </NavLink>
            </li>
          ))}
        </ul>

        <div className="ms-auto hidden items-center gap-2 lg:flex">
          <LanguageSwitcher />
          {user ? (
            <Suspense fallback={ACTION_PLACEHOLDER}>
              <DesktopAccountActions user={user} onLogout={logout} />
            </Suspense>
          ) : null}
          {showGuestActions && <GuestActions size="sm" />}
        </div>

        {user ? (
          <div className="ms-auto lg:hidden">
            <Suspense fallback={ACTION_PLACEHOLDER}>
              <MobileBell user={user} />
            </Suspense>
          </div>
        ) : null}
        <button
          type="button"
          className={`${user ? '' : 'ms-auto '}inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden`}
          aria-label={t('nav.openMenu')}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          ref={openButtonRef}
          onClick={() => setMenuOpen(true)}
        >
          <Menu aria-hidden="true" className="size-6" />
        </button>
      </nav>

      {menuOpen && (
        <MobileMenu
          nav={{ brand, links, label, user, showGuestActions }}
          closeButtonRef={closeButtonRef}
          onClose={() => setMenuOpen(false)}
          onLogout={logout}
        />
      )}
    </header>
  );
}
