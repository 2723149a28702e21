import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { Language } from '@ustaz/contract/constants';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AuthContext, type AuthContextValue, GUEST_AUTH_STATE } from '../../shared/auth/auth-context.tsx';
import { createTestI18n } from '../../shared/test/test-i18n.ts';
import { ModalProvider } from '../../shared/ui/modal/modal-context.tsx';
import { VideoPlayerModal } from './video-player-modal.tsx';

const guest: AuthContextValue = {
  ...GUEST_AUTH_STATE,
  storeSession: () => Promise.reject(new Error('guest')),
  signIn: () => Promise.reject(new Error('guest')),
  logout: async () => {},
  setUser: () => {},
  refreshUser: async () => null,
};

/**
 * Test helper: renders `element` at `/{language}{path}` matched by `/:lang{pattern}` (so route
 * params work), with the real locale files, a fresh query client, the modal host holding the
 * video player, and the given auth state (a guest by default). Other paths show where they went.
 */
export async function renderTeacherRoute(
  element: ReactElement,
  {
    language,
    path,
    pattern = '/teachers/:id',
    auth = guest,
  }: { language: Language; path: string; pattern?: string; auth?: AuthContextValue },
) {
  const { i18n, missing } = await createTestI18n(language);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: `/:lang${pattern}`, element },
      { path: '*', Component: () => <h1 data-testid="elsewhere">{router.state.location.pathname}</h1> },
    ],
    { initialEntries: [`/${language}${path}`] },
  );
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthContext value={auth}>
          <ModalProvider registry={{ VIDEO_PLAYER: VideoPlayerModal }}>
            <RouterProvider router={router} />
          </ModalProvider>
        </AuthContext>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, router, missing, i18n };
}
