import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { Language } from '@ustaz/contract/constants';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createTestI18n } from './test-i18n.ts';

/**
 * Test helper: renders `element` at `/{language}{path}` under a memory data router (so
 * navigation works as in the app), a fresh query client and the real locale files. Other
 * `/:lang/*` paths render a heading naming the path, so a test can see where it went.
 */
export async function renderRoute(element: ReactElement, { language, path }: { language: Language; path: string }) {
  const { i18n, missing } = await createTestI18n(language);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const pathname = path.split('?')[0] ?? path;
  const router = createMemoryRouter(
    [
      { path: `/:lang${pathname}`, element },
      { path: '*', Component: () => <h1 data-testid="elsewhere">{router.state.location.pathname}</h1> },
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
  return { ...view, router, missing };
}
