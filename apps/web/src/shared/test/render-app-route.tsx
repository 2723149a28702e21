import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { Language } from '@ustaz/contract/constants';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { AuthContext, type AuthContextValue } from '../auth/auth-context.tsx';
import { type ModalContextValue, ModalProvider, type ModalRegistry, useModal } from '../ui/modal/modal-context.tsx';
import { GUEST } from './auth-test-data.ts';
import { createTestI18n } from './test-i18n.ts';

/**
 * Test helper: renders `element` at `/{language}{path}` (matched by `/:lang{pattern}`) as the app
 * does: the auth state and the modal host (with `registry`) inside the router, so modals can use
 * links and route params. Other paths render a heading naming the path. `modal()` is the host's
 * context, to open a modal as a page would.
 */
export async function renderAppRoute(
  element: ReactElement,
  {
    language,
    path,
    pattern,
    auth = GUEST,
    registry = {},
  }: { language: Language; path: string; pattern?: string; auth?: AuthContextValue; registry?: ModalRegistry },
) {
  const { i18n, missing } = await createTestI18n(language);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const host: { current: ModalContextValue | null } = { current: null };
  function Probe() {
    host.current = useModal();
    return null;
  }
  const ownPath = (pattern ?? path.split('?')[0] ?? path).replace(/^\//, '');
  const router = createMemoryRouter(
    [
      {
        path: '/:lang',
        element: (
          <AuthContext value={auth}>
            <ModalProvider registry={registry}>
              <Probe />
              <Outlet />
            </ModalProvider>
          </AuthContext>
        ),
        children: [
          { path: ownPath, element },
          { path: '*', Component: () => <h1 data-testid="elsewhere">{router.state.location.pathname}</h1> },
        ],
      },
    ],
    { initialEntries: [`/${language}${path}`] },
  );
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  const modal = () => {
    if (!host.current) throw new Error('the modal host is not rendered');
    return host.current;
  };
  return { ...view, router, queryClient, missing, i18n, modal };
}
