import { lazy, type ReactNode, type RefObject, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { AuthUser } from '../../shared/auth/auth-context.tsx';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import type { Brand } from '../../shared/settings/brand.ts';
import { X } from '../../shared/ui/icons.tsx';
import { BrandMark } from './brand-mark.tsx';
import { GuestActions } from './guest-actions.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import type { NavItem } from './nav-items.ts';
import { navLinkClass } from './nav-link-class.ts';

// The account section loads only for a signed-in user (the same chunk as the navbar's bell and avatar menu).
const MobileAccountSection = lazy(() =>
  import('./signed-in-nav.tsx').then((m) => ({ default: m.MobileAccountSection })),
);

/** What the bar and its menu both show: the brand, the links (each labelled), and the account or guest actions. */
export type NavModel = {
  brand: Brand;
  links: NavItem[];
  label: (item: NavItem) => ReactNode;
  user: AuthUser | null;
  showGuestActions: boolean;
};

type MobileMenuProps = {
  nav: NavModel;
  closeButtonRef: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
  onLogout: () => void;
};

/** The slide-in menu of small screens (a modal dialog from the start edge) with a backdrop. */
export function MobileMenu({ nav, ...actions }: MobileMenuProps) {
  const { brand, links, label, user, showGuestActions } = nav;
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const { onClose } = actions;

  /** Any link chosen in the menu closes it, the current page's too. */
  function closeOnLink(event: React.MouseEvent<HTMLElement>) {
    if ((event.target as HTMLElement).closest('a')) onClose();
  }

  return (
    <div className="fixed inset-0 z-50 lg:hidden">
      <button
        type="button"
        aria-label={t('nav.closeMenu')}
        tabIndex={-1}
        data-testid="mobile-menu-backdrop"
        className="animate-fade-in absolute inset-0 bg-black/40"
        onClick={onClose}
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
            ref={actions.closeButtonRef}
            className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-slate-100"
            aria-label={t('nav.closeMenu')}
            onClick={onClose}
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
            <MobileAccountSection user={user} onLogout={actions.onLogout} />
          </Suspense>
        ) : null}
        <div className="mt-auto flex flex-col gap-2 border-t border-slate-100 p-4">
          <LanguageSwitcher className="justify-center" />
          {showGuestActions && <GuestActions size="md" />}
        </div>
      </div>
    </div>
  );
}
