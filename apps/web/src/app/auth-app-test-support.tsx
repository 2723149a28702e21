import type { Language } from '@ustaz/contract/constants';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { vi } from 'vitest';
import { renderInFrame } from '../shared/test/render-route.tsx';
import { AuthProvider } from './auth-provider.tsx';
import { type Access, RouteGuard } from './route-guard.tsx';

/** A page of the test app: its path below `/:lang`, the guard's access rule and what it shows. */
export type GuardedPage = { path: string; access: Access; page: ReactNode };

/**
 * Test helper: the real AuthProvider at `/:lang` (its reloads recorded by `reloadTo`) around
 * `frame` (the navbar, or nothing) and the outlet: a home page ("Home page") and `pages`, each
 * behind its route guard, at `/{language}{path}`.
 */
export async function renderAuthApp(
  language: Language,
  path: string,
  { pages, frame }: { pages: GuardedPage[]; frame?: ReactNode },
) {
  const reloadTo = vi.fn();
  const view = await renderInFrame(
    language,
    path,
    <AuthProvider reloadTo={reloadTo}>
      {frame}
      <Outlet />
    </AuthProvider>,
    [
      { index: true, element: <h1>Home page</h1> },
      ...pages.map(({ path: own, access, page }) => ({
        path: own,
        element: <RouteGuard access={access}>{page}</RouteGuard>,
      })),
    ],
  );
  return { ...view, reloadTo };
}
