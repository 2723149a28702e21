import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { Language } from '@ustaz/contract/constants';
import type { i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router';
import { createTestI18n } from './test-i18n.ts';

function Elsewhere() {
  return <h1 data-testid="elsewhere">{useLocation().pathname}</h1>;
}

/** Any other path: a heading naming it, so a test can see where it went. */
export const ELSEWHERE: RouteObject = { path: '*', Component: Elsewhere };

/**
 * Test helper under the others: a memory data router over `routes` at `entry` (so navigation
 * works as in the app), inside `i18n` and a fresh query client that does not retry.
 */
export function renderRouter(i18n: I18n, routes: RouteObject[], entry: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, router, queryClient };
}

/**
 * Test helper under renderAppRoute and the auth app: `frame` (the app's providers around an
 * `<Outlet />`) at `/:lang` over the `children` routes, in `language` with the real locale files,
 * opened at `/{language}{path}`.
 */
export async function renderInFrame(language: Language, path: string, frame: ReactElement, children: RouteObject[]) {
  const { i18n, missing } = await createTestI18n(language);
  const view = renderRouter(i18n, [{ path: '/:lang', element: frame, children }], `/${language}${path}`);
  return { ...view, i18n, missing };
}

/**
 * Test helper: renders `element` at `/{language}{path}` under renderRouter with the real locale
 * files. Other `/:lang/*` paths render a heading naming the path (ELSEWHERE).
 */
export async function renderRoute(element: ReactElement, { language, path }: { language: Language; path: string }) {
  const { i18n, missing } = await createTestI18n(language);
  const pathname = path.split('?')[0] ?? path;
  const view = renderRouter(i18n, [{ path: `/:lang${pathname}`, element }, ELSEWHERE], `/${language}${path}`);
  return { ...view, missing };
}
