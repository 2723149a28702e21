import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

type Loader = () => Promise<ComponentType>;

function route(path: string | undefined, titleKey: string, load: Loader): RouteObject {
  const common = {
    handle: { titleKey: `admin.${titleKey}`, access: 'admin' },
    lazy: async () => ({ Component: await load() }),
  };
  return path === undefined ? { index: true, ...common } : { path, ...common };
}

/** The admin dashboard's pages under /{lang}/admin (contract ADMIN_PAGE_ROUTES), each its own chunk. */
export const adminRoutes: RouteObject[] = [
  route(undefined, 'overview', () =>
    import('../../features/admin/overview/overview-page.tsx').then((m) => m.AdminOverviewPage),
  ),
  route('users', 'users', () => import('../../features/admin/users/users-page.tsx').then((m) => m.AdminUsersPage)),
  route('users/:id', 'user', () => import('../../features/admin/users/user-page.tsx').then((m) => m.AdminUserPage)),
  route('teachers', 'teachers', () =>
    import('../../features/admin/teachers/teachers-page.tsx').then((m) => m.AdminTeachersPage),
  ),
  route('subjects', 'subjects', () =>
    import('../../features/admin/catalog/subjects-page.tsx').then((m) => m.AdminSubjectsPage),
  ),
  route('packages', 'packages', () =>
    import('../../features/admin/catalog/packages-page.tsx').then((m) => m.AdminPackagesPage),
  ),
  route('settings', 'settings', () =>
    import('../../features/admin/settings/settings-page.tsx').then((m) => m.AdminSettingsPage),
  ),
  route('ledger', 'ledger', () => import('../../features/admin/money/ledger-page.tsx').then((m) => m.AdminLedgerPage)),
  route('payments', 'payments', () =>
    import('../../features/admin/money/payments-page.tsx').then((m) => m.AdminPaymentsPage),
  ),
  route('reconciliation', 'reconciliation', () =>
    import('../../features/admin/money/reconciliation-page.tsx').then((m) => m.AdminReconciliationPage),
  ),
  route('payouts', 'payouts', () =>
    import('../../features/admin/money/payouts-page.tsx').then((m) => m.AdminPayoutsPage),
  ),
  route('disputes', 'disputes', () =>
    import('../../features/admin/disputes/disputes-page.tsx').then((m) => m.AdminDisputesPage),
  ),
  route('reservations', 'reservations', () =>
    import('../../features/admin/moderation/reservations-page.tsx').then((m) => m.AdminReservationsPage),
  ),
  route('reviews', 'reviews', () =>
    import('../../features/admin/moderation/reviews-page.tsx').then((m) => m.AdminReviewsPage),
  ),
  route('search-log', 'searchLog', () =>
    import('../../features/admin/moderation/search-log-page.tsx').then((m) => m.AdminSearchLogPage),
  ),
  route('audit', 'audit', () => import('../../features/admin/moderation/audit-page.tsx').then((m) => m.AdminAuditPage)),
  route('teacher-applications', 'teacherApplications', () =>
    import('../../features/admin/applications/applications-page.tsx').then((m) => m.AdminApplicationsPage),
  ),
];
