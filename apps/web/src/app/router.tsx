import { matchRoutes, type RouteObject } from 'react-router';
import { FullPageSpinner } from '../shared/ui/spinner.tsx';
import { adminRoutes } from './admin/admin-routes.tsx';
import { LanguageGate, LanguageRedirect } from './language-gate.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { pageRoutes } from './routes.tsx';

/** The app's route table; the browser's router (main.tsx) and the server's (entry-server.tsx) are made from it. */
export const appRoutes: RouteObject[] = [
  { path: '/', element: <LanguageRedirect /> },
  {
    path: '/:lang',
    element: <LanguageGate />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      { element: <AppLayout />, children: pageRoutes },
      // The admin dashboard: its own layout and chunks, loaded only when visited.
      {
        path: 'admin',
        lazy: async () => ({ Component: (await import('./admin/admin-layout.tsx')).AdminLayout }),
        children: adminRoutes,
      },
    ],
  },
  { path: '*', element: <LanguageRedirect /> },
];

/**
 * Loads the lazy routes a location matches and writes what they load into the route objects, so a
 * router made afterwards has nothing to load for them: hydrating a server-rendered page renders
 * the page at once, as the server did, instead of the hydrate fallback (ADR 021).
 */
export async function resolveLazyMatches(routes: RouteObject[], location: { pathname: string }): Promise<void> {
  const lazy = (matchRoutes(routes, location) ?? []).filter((match) => typeof match.route.lazy === 'function');
  await Promise.all(
    lazy.map(async ({ route }) => {
      const load = route.lazy as () => Promise<Partial<RouteObject>>;
      Object.assign(route, { ...(await load()), lazy: undefined });
    }),
  );
}
