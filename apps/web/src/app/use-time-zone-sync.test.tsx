import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../shared/auth/auth-context.tsx';
import { setTokens } from '../shared/auth/token-storage.ts';
import { testUser } from '../shared/test/auth-test-data.ts';
import { jsonResponse } from '../shared/test/test-i18n.ts';
import { AuthProvider } from './auth-provider.tsx';

// The global chat socket is not under test here.
vi.mock('../shared/realtime/chat-socket.ts', () => ({ startChatSocket: vi.fn(), stopChatSocket: vi.fn() }));

type Call = { method: string; url: string; body: unknown };

/** A server for one account whose stored zone is `storedZone`; PATCH /auth/me stores the one sent. */
function mockServer(storedZone: string | null) {
  const calls: Call[] = [];
  let user = testUser({ timeZone: storedZone });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      calls.push({ method, url, body });
      if (url === '/api/v1/auth/me' && method === 'PATCH') {
        user = { ...user, ...body };
        return jsonResponse(200, user);
      }
      if (url === '/api/v1/auth/me') return jsonResponse(200, user);
      return jsonResponse(404, { status: 404, code: 'notFound', message: 'Not found' });
    }),
  );
  return { zoneUpdates: () => calls.filter((call) => call.method === 'PATCH') };
}

function StoredZone() {
  const { user, loading } = useAuth();
  if (loading) return null;
  return <p data-testid="stored-zone">{user ? String(user.timeZone) : 'guest'}</p>;
}

function renderSession(browserZone: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/:lang',
        element: (
          <AuthProvider reloadTo={vi.fn()} browserZone={() => browserZone}>
            <StoredZone />
          </AuthProvider>
        ),
      },
    ],
    { initialEntries: ['/en'] },
  );
  const view = render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, view };
}

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe("the browser's time zone", () => {
  it('is sent once, silently, when the signed-in user has none stored or another one', async () => {
    for (const stored of [null, 'Asia/Kuwait']) {
      setTokens({ token: 'access-1', refreshToken: 'refresh-1' }, { remember: true });
      const server = mockServer(stored);
      const { router, view } = renderSession('Europe/Berlin');
      await waitFor(() => expect(screen.getByTestId('stored-zone').textContent).toBe('Europe/Berlin'));
      // Moving around and re-rendering does not send it again.
      await router.navigate('/ar');
      await router.navigate('/en');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(server.zoneUpdates()).toEqual([
        { method: 'PATCH', url: '/api/v1/auth/me', body: { timeZone: 'Europe/Berlin' } },
      ]);
      view.unmount();
      localStorage.clear();
    }
  });

  it('is not sent when the stored zone is the same', async () => {
    setTokens({ token: 'access-1', refreshToken: 'refresh-1' }, { remember: true });
    const server = mockServer('Europe/Berlin');
    renderSession('Europe/Berlin');
    expect((await screen.findByTestId('stored-zone')).textContent).toBe('Europe/Berlin');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.zoneUpdates()).toEqual([]);
  });

  it('is not sent for a guest', async () => {
    const server = mockServer(null);
    renderSession('Europe/Berlin');
    expect((await screen.findByTestId('stored-zone')).textContent).toBe('guest');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.zoneUpdates()).toEqual([]);
  });
});
