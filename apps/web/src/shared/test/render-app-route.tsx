import type { Language } from '@ustaz/contract/constants';
import type { ReactElement } from 'react';
import { Outlet } from 'react-router';
import { AuthContext, type AuthContextValue } from '../auth/auth-context.tsx';
import { type ModalContextValue, ModalProvider, type ModalRegistry, useModal } from '../ui/modal/modal-context.tsx';
import { GUEST } from './auth-test-data.ts';
import { ELSEWHERE, renderInFrame } from './render-route.tsx';

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
  const host: { current: ModalContextValue | null } = { current: null };
  function Probe() {
    host.current = useModal();
    return null;
  }
  const ownPath = (pattern ?? path.split('?')[0] ?? path).replace(/^\//, '');
  const view = await renderInFrame(
    language,
    path,
    <AuthContext value={auth}>
      <ModalProvider registry={registry}>
        <Probe />
        <Outlet />
      </ModalProvider>
    </AuthContext>,
    [{ path: ownPath, element }, ELSEWHERE],
  );
  const modal = () => {
    if (!host.current) throw new Error('the modal host is not rendered');
    return host.current;
  };
  return { ...view, modal };
}
