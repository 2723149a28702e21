import { NAVBAR_SCROLL_THRESHOLD_PX } from '@ustaz/contract/constants';
import { GraduationCap, Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { useAuth } from '../../shared/auth/auth-context.tsx';
import { localePath } from '../../shared/i18n/language.ts';
import { buttonClasses } from '../../shared/ui/button.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { useCurrentLanguage } from './use-current-language.ts';

type NavItem = { to: string; key: string; end?: boolean };

const GUEST_LINKS: NavItem[] = [
  { to: '/', key: 'home', end: true },
  { to: '/subscriptions', key: 'subscriptions' },
  { to: '/teachers', key: 'teachers' },
  { to: '/privacy', key: 'privacy' },
  { to: '/about', key: 'about' },
];

const SIGNED_IN_LINKS: NavItem[] = [
  { to: '/', key: 'home', end: true },
  { to: '/subscriptions', key: 'subscriptions' },
  { to: '/reservations', key: 'reservations' },
  { to: '/chats', key: 'chats' },
  { to: '/profile', key: 'profile' },
  { to: '/privacy', key: 'privacy' },
  { to: '/about', key: 'about' },
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

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-semibold transition-colors ${
    isActive ? 'text-primary bg-primary/10' : 'text-slate-700 hover:bg-slate-100 hover:text-primary'
  }`;

/** Spec 2 "Navigation bar": transparent at the top, solid with a shadow past 10 px; mobile slide-in menu. */
export function Navbar() {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const { isAuthenticated } = useAuth();
  const scrolled = useScrolled(NAVBAR_SCROLL_THRESHOLD_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const links = isAuthenticated ? SIGNED_IN_LINKS : GUEST_LINKS;

  // Close the menu on navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  // Hide the body scroll while the mobile menu is open; Escape closes it.
  useEffect(() => {
    if (!menuOpen) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = previous;
      window.removeEventListener('keydown', onKey);
    };
  }, [menuOpen]);

  return (
    <header
      data-testid="navbar"
      data-scrolled={scrolled}
      className={`sticky top-0 z-40 transition-[background-color,box-shadow] duration-200 ${
        scrolled ? 'bg-white shadow-md' : 'bg-transparent'
      }`}
    >
      <nav aria-label={t('nav.mainNavigation')} className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Link to={localePath(lang)} className="flex items-center gap-2 text-xl font-extrabold text-primary">
          <GraduationCap aria-hidden="true" className="size-7" />
          <span>{t('appName')}</span>
        </Link>

        <ul className="ms-6 hidden items-center gap-1 lg:flex">
          {links.map((item) => (
            <li key={item.key}>
              <NavLink to={localePath(lang, item.to)} end={item.end} className={linkClass}>
                {t(`nav.${item.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>

        <div className="ms-auto hidden items-center gap-2 lg:flex">
          <LanguageSwitcher />
          {!isAuthenticated && (
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

        <button
          type="button"
          className="ms-auto inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden"
          aria-label={t('nav.openMenu')}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
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
            className="absolute inset-0 bg-black/40"
            onClick={() => setMenuOpen(false)}
          />
          <div
            id="mobile-menu"
            role="dialog"
            aria-modal="true"
            aria-label={t('nav.mainNavigation')}
            className="absolute inset-y-0 start-0 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl"
          >
            <div className="flex h-16 items-center justify-between border-b border-slate-100 px-4">
              <span className="text-lg font-extrabold text-primary">{t('appName')}</span>
              <button
                type="button"
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
                    className={(s) => `block ${linkClass(s)} text-base`}
                  >
                    {t(`nav.${item.key}`)}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className="mt-auto flex flex-col gap-2 border-t border-slate-100 p-4">
              <LanguageSwitcher className="justify-center" />
              {!isAuthenticated && (
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
