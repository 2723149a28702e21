import { ROLE } from '@ustaz/contract/constants';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { PendingApplicationsBadge } from '../../features/admin/applications/pending-badge.tsx';
import { OpenDisputesBadge } from '../../features/admin/disputes/open-disputes-badge.tsx';
import { useAuth } from '../../shared/auth/auth-context.tsx';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { useWebsiteSettings } from '../../shared/settings/api.ts';
import {
  BookOpen,
  CalendarDays,
  ClipboardList,
  Gavel,
  GraduationCap,
  HandCoins,
  House,
  LayoutDashboard,
  LogOut,
  Package,
  Receipt,
  Scale,
  SearchX,
  Settings,
  ShieldAlert,
  Star,
  UserPlus,
  Users,
  Wallet,
} from '../../shared/ui/icons.tsx';
import { ModalProvider } from '../../shared/ui/modal/modal-context.tsx';
import { FullPageSpinner } from '../../shared/ui/spinner.tsx';
import { EmptyCard } from '../../shared/ui/state-card.tsx';
import { AuthProvider } from '../auth-provider.tsx';
import { LanguageSwitcher } from '../layout/language-switcher.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';
import { modalRegistry } from '../modal-registry.tsx';

/** The dashboard's sections, in the order of the side navigation. */
export const ADMIN_NAV = [
  { to: '', key: 'overview', Icon: LayoutDashboard },
  { to: 'users', key: 'users', Icon: Users },
  { to: 'teachers', key: 'teachers', Icon: GraduationCap },
  { to: 'teacher-applications', key: 'applications', Icon: UserPlus },
  { to: 'subjects', key: 'subjects', Icon: BookOpen },
  { to: 'packages', key: 'packages', Icon: Package },
  { to: 'settings', key: 'settings', Icon: Settings },
  { to: 'ledger', key: 'ledger', Icon: Wallet },
  { to: 'payments', key: 'payments', Icon: Receipt },
  { to: 'reconciliation', key: 'reconciliation', Icon: Scale },
  { to: 'payouts', key: 'payouts', Icon: HandCoins },
  { to: 'disputes', key: 'disputes', Icon: Gavel },
  { to: 'reservations', key: 'reservations', Icon: CalendarDays },
  { to: 'reviews', key: 'reviews', Icon: Star },
  { to: 'search-log', key: 'searchLog', Icon: SearchX },
  { to: 'audit', key: 'audit', Icon: ClipboardList },
] as const;

/**
 * /{lang}/admin: the admin dashboard, its own lazy app area (issue 7) with a side navigation
 * instead of the site's navbar and footer. Only an admin (role 1) sees it; the server checks
 * every call anyway.
 */
export function AdminLayout() {
  return (
    <AuthProvider>
      <ModalProvider registry={modalRegistry}>
        <AdminGate />
      </ModalProvider>
    </AuthProvider>
  );
}

function AdminGate() {
  const auth = useAuth();
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  const location = useLocation();
  const settings = useWebsiteSettings();
  usePageTitle(settings.data?.settings);

  if (auth.loading) return <FullPageSpinner />;
  if (!auth.isAuthenticated) {
    return <Navigate to={localePath(language, '/login')} replace state={{ from: location.pathname }} />;
  }
  if (auth.user?.role.id !== ROLE.admin) {
    return (
      <main id="main" className="mx-auto max-w-xl px-4 py-16">
        <EmptyCard
          icon={<ShieldAlert aria-hidden="true" className="size-10 text-amber-600" />}
          title={t('forbidden.title')}
          body={t('forbidden.body')}
          testId="admin-forbidden"
        >
          <Link to={localePath(language)} className="font-semibold text-primary underline">
            {t('forbidden.home')}
          </Link>
        </EmptyCard>
      </main>
    );
  }
  return <AdminFrame />;
}

function AdminFrame() {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  const auth = useAuth();
  const navigate = useNavigate();
  const base = localePath(language, '/admin');

  async function logout() {
    await auth.logout();
    navigate(localePath(language, '/login'), { replace: true });
  }

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:start-4 focus:top-4 focus:z-[60] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        {t('skipToContent')}
      </a>
      <header className="sticky top-0 z-30 flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-2">
        <Link to={base} className="text-lg font-bold whitespace-nowrap text-primary">
          {t('brand')}
        </Link>
        <span className="hidden text-sm text-slate-500 sm:inline">
          {auth.user ? `${auth.user.firstName} ${auth.user.lastName}` : ''}
        </span>
        <div className="ms-auto flex items-center gap-1">
          <Link
            to={localePath(language)}
            className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg px-2 text-sm font-semibold hover:bg-slate-100 sm:px-3"
          >
            <House aria-hidden="true" className="size-4" />
            <span className="sr-only sm:not-sr-only">{t('backToSite')}</span>
          </Link>
          <LanguageSwitcher />
          <button
            type="button"
            onClick={() => void logout()}
            className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg px-2 text-sm font-semibold text-red-700 hover:bg-red-50 sm:px-3"
          >
            <LogOut aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            <span className="sr-only sm:not-sr-only">{t('logout')}</span>
          </button>
        </div>
      </header>
      <div className="flex flex-1 flex-col md:flex-row">
        <nav
          aria-label={t('navLabel')}
          className="border-b border-slate-200 bg-white md:w-60 md:shrink-0 md:border-e md:border-b-0"
        >
          <ul className="flex gap-1 overflow-x-auto p-2 md:sticky md:top-14 md:flex-col md:overflow-visible">
            {ADMIN_NAV.map(({ to, key, Icon }) => (
              <li key={key} className="shrink-0">
                <NavLink
                  to={to ? `${base}/${to}` : base}
                  end={to === ''}
                  className={({ isActive }) =>
                    `flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-semibold whitespace-nowrap ${
                      isActive ? 'bg-primary/10 text-primary' : 'text-slate-700 hover:bg-slate-100'
                    }`
                  }
                >
                  <Icon aria-hidden="true" className="size-4" />
                  {t(`nav.${key}`)}
                  {key === 'applications' ? <PendingApplicationsBadge /> : null}
                  {key === 'disputes' ? <OpenDisputesBadge /> : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className="min-w-0 flex-1 p-4 md:p-6">
          <Suspense fallback={<FullPageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
