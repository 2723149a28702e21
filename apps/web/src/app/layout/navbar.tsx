import { NAVBAR_SCROLL_THRESHOLD_PX } from '@ustaz/contract/constants';
import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { useAuth } from '../../shared/auth/auth-context.tsx';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { useChatUnread } from '../../shared/realtime/chat-unread.ts';
import { useWebsiteSettings } from '../../shared/settings/api.ts';
import { brandOf } from '../../shared/settings/brand.ts';
import { buttonClasses } from '../../shared/ui/button.tsx';
import { BrandMark } from './brand-mark.tsx';
import { ChatsNavLabel } from './chats-nav-label.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { navLinkClass } from './nav-link-class.ts';
import { useNewMessageToast } from './use-new-message-toast.ts';

// The signed-in parts (bell, avatar menu, account section) load only for a signed-in user.
const signedInNav = () => import('./signed-in-nav.tsx');
const DesktopAccountActions = lazy(() => signedInNav().then((m) => ({ default: m.DesktopAccountActions })));
const MobileBell = lazy(() => signedInNav().then((m) => ({ default: m.MobileBell })));
const MobileAccountSection = lazy(() => signedInNav().then((m) => ({ default: m.MobileAccountSection })));

const ACTION_PLACEHOLDER = <span aria-hidden="true" className="inline-block size-11" />;

type NavItem = {
  to: string;
  key: 'home' | 'subscriptions' | 'teachers' | 'privacy' | 'about' | 'reservations' | 'chats' | 'profile';
  end?: boolean;
};

/** Every visitor's first and last links; the middle ones depend on being signed in. */
const FIRST_LINKS: NavItem[] = [
  { to: '/', key: 'home', end: true },
  { to: '/subscriptions', key: 'subscriptions' },
];
const LAST_LINKS: NavItem[] = [
  { to: '/privacy', key: 'privacy' },
  { to: '/about', key: 'about' },
];

const GUEST_LINKS: NavItem[] = [...FIRST_LINKS, { to: '/teachers', key: 'teachers' }, ...LAST_LINKS];

const SIGNED_IN_LINKS: NavItem[] = [
  ...FIRST_LINKS,
  { to: '/reservations', key: 'reservations' },
  { to: '/chats', key: 'chats' },
  { to: '/profile', key: 'profile' },
  ...LAST_LINKS,
];

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
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
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

  // Close the menu on navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  const openButtonRef = useRef<HTMLButtonElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);

  // While the mobile menu is open: no body scroll, focus inside it, Escape closes it, and it
  // closes when the window grows past the breakpoint where the menu does not exist.
  useEffect(() => {
    if (!menuOpen) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    closeButtonRef.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    const wide = window.matchMedia('(min-width: 1024px)');
    const onWide = () => wide.matches && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    wide.addEventListener('change', onWide);
    const opener = openButtonRef.current;
    return () => {
      document.body.style.overflow = previous;
      window.removeEventListener('keydown', onKey);
      wide.removeEventListener('change', onWide);
      if (document.activeElement === document.body || !document.activeElement) opener?.focus();
    };
  }, [menuOpen]);

  /** Any link chosen in the menu closes it, the current page's too. */
  function closeOnLink(event: React.MouseEvent<HTMLElement>) {
    if ((event.target as HTMLElement).closest('a')) setMenuOpen(false);
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
          {showGuestActions && (
            <>
              <Link to={localePath(lang, '/login')} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
                {t('nav.login')}
              </Link>
              <Link to={localePath(lang, '/register')} className={buttonClasses({ variant: 'primary', size: 'sm' })}>
                {t('nav.register')}
              </Link>
            </>
          )}
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
        <div className="fixed inset-0 z-50 lg:hidden">
          <button
            type="button"
            aria-label={t('nav.closeMenu')}
            tabIndex={-1}
            data-testid="mobile-menu-backdrop"
            className="animate-fade-in absolute inset-0 bg-black/40"
            onClick={() => setMenuOpen(false)}
          />
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: it only catches clicks bubbling from links, which Enter also fires. */}
          <div
            id="mobile-menu"
            role="dialog"
            aria-modal="true"
            aria-label={t('nav.mainNavigation')}
            className="animate-slide-in-start absolute inset-y-0 start-0 flex w-72 max-w-[85vw] flex-col overflow-y-auto bg-white shadow-xl"
            onClick={closeOnLink}
          >
            <div className="flex h-16 items-center justify-between border-b border-slate-100 px-4">
              <span className="flex min-w-0 items-center gap-2 text-lg font-extrabold text-primary">
                <BrandMark brand={brand} imageClassName="h-8" />
              </span>
              <button
                type="button"
                ref={closeButtonRef}
                className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-slate-100"
                aria-label={t('nav.closeMenu')}
                onClick={() => setMenuOpen(false)}
              >
                <X aria-hidden="true" className="size-6" />
              </button>
            </div>
            <ul className="flex flex-col gap-1 p-3">
              {links.map((item) => (
                <li key={item.key}>
                  <NavLink
                    to={localePath(lang, item.to)}
                    end={item.end}
                    className={(s) => `block ${navLinkClass(s)} text-base`}
                  >
                    {label(item)}
                  </NavLink>
                </li>
              ))}
            </ul>
            {user ? (
              <Suspense fallback={null}>
                <MobileAccountSection user={user} onLogout={logout} />
              </Suspense>
            ) : null}
            <div className="mt-auto flex flex-col gap-2 border-t border-slate-100 p-4">
              <LanguageSwitcher className="justify-center" />
              {showGuestActions && (
                <>
                  <Link to={localePath(lang, '/login')} className={buttonClasses({ variant: 'outline', size: 'md' })}>
                    {t('nav.login')}
                  </Link>
                  <Link
                    to={localePath(lang, '/register')}
                    className={buttonClasses({ variant: 'primary', size: 'md' })}
                  >
                    {t('nav.register')}
                  </Link>
                </>
              )}
            </div>
          </div>
        </div>
      )}
    </header>
  );
}
