import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { AppNotification } from '@ustaz/contract';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchNotificationCount } from '../../features/notifications/api/notification-count.ts';
import { setTokens } from '../../shared/auth/token-storage.ts';
import { realtimeEvents } from '../../shared/realtime/realtime-events.ts';
import { student } from '../../shared/test/auth-test-data.ts';
import { mockApi } from '../../shared/test/mock-api.ts';
import { createTestI18n, jsonResponse } from '../../shared/test/test-i18n.ts';
import { badgeText, NotificationBell } from './notification-bell.tsx';
import { MobileBell } from './signed-in-nav.tsx';

const USER = student({ id: 12, createdAt: '2026-01-01T00:00:00.000Z' });

async function renderBell(count: number, path = '/en') {
  const { i18n } = await createTestI18n('en');
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/:lang/*" element={<NotificationBell count={count} />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
  return screen.getByTestId('notification-bell');
}

/** The navbar's bell as the app mounts it (twice: the desktop and the mobile bar share one count). */
async function renderLiveBells(copies = 1) {
  const { i18n } = await createTestI18n('en');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/en']}>
          <Routes>
            <Route
              path="/:lang"
              element={Array.from({ length: copies }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: identical copies
                <MobileBell key={index} user={USER} />
              ))}
            />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return queryClient;
}

function badges() {
  return screen.queryAllByTestId('notification-badge').map((badge) => badge.textContent);
}

function liveNotification(id: number, overrides: Partial<AppNotification> = {}): AppNotification {
  return {
    id,
    type: 'message.new',
    data: { conversationId: 3, senderId: 42, senderName: 'Mona', preview: 'Hello' },
    readAt: null,
    createdAt: '2026-03-10T09:00:00.000Z',
    ...overrides,
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the bell badge (spec 2)', () => {
  it('is hidden at 0', async () => {
    const bell = await renderBell(0);
    expect(screen.queryByTestId('notification-badge')).toBeNull();
    expect(bell.getAttribute('href')).toBe('/en/notifications');
    expect(bell.getAttribute('aria-label')).toBe('Notifications');
    expect(bell.getAttribute('aria-current')).toBeNull();
  });

  it('is marked current on the notifications page', async () => {
    const bell = await renderBell(2, '/en/notifications');
    expect(bell.getAttribute('aria-current')).toBe('page');
  });

  it('shows the count', async () => {
    const bell = await renderBell(5);
    expect(screen.getByTestId('notification-badge').textContent).toBe('5');
    expect(bell.getAttribute('aria-label')).toBe('Notifications, 5 unread');
  });

  it('shows 99+ above 99', async () => {
    const bell = await renderBell(150);
    expect(screen.getByTestId('notification-badge').textContent).toBe('99+');
    expect(bell.getAttribute('aria-label')).toBe('Notifications, 99+ unread');
  });

  it('caps at exactly 99', () => {
    const badges = (language: 'ar' | 'en') => [-1, 0, 1, 99, 100].map((count) => badgeText(count, language));
    expect(badges('en')).toEqual([null, null, '1', '99', '99+']);
    // Arabic pages write the badge in Arabic-Indic digits (issue 17).
    expect(badges('ar')).toEqual([null, null, '١', '٩٩', '٩٩+']);
  });
});

describe('fetchNotificationCount', () => {
  it('reads the count of the signed-in user', async () => {
    setTokens({ token: 'a', refreshToken: 'r' });
    const fetchMock = vi.fn(async () => jsonResponse(200, { count: 7 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await fetchNotificationCount(12)).toBe(7);
    expect(fetchMock).toHaveBeenCalledWith('/api/notifications/count?userId=12', expect.anything());
  });

  it('treats any failure as 0, without a console message', async () => {
    const consoleError = vi.spyOn(console, 'error');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(404, { status: 404, code: 'notFound', message: 'Not found' })),
    );
    expect(await fetchNotificationCount(12)).toBe(0);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await fetchNotificationCount(12)).toBe(0);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { count: 'many' })),
    );
    expect(await fetchNotificationCount(12)).toBe(0);
    expect(consoleError).not.toHaveBeenCalled();
  });
});

describe('the live bell', () => {
  it('fetches the count on load and again every 60 s (spec 7)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const counts = [3, 4, 120];
    const api = mockApi({ 'GET /api/notifications/count': () => ({ status: 200, body: { count: counts.shift() } }) });
    await renderLiveBells();
    await waitFor(() => expect(badges()).toEqual(['3']));
    expect(api.callsTo('GET /api/notifications/count')[0]?.search.get('userId')).toBe('12');

    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(api.callsTo('GET /api/notifications/count')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(badges()).toEqual(['4']));
    expect(api.callsTo('GET /api/notifications/count')).toHaveLength(2);

    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await waitFor(() => expect(badges()).toEqual(['99+']));
    expect(api.callsTo('GET /api/notifications/count')).toHaveLength(3);
  });

  it('adds one for each unread notification the socket delivers, once for both bars', async () => {
    const api = mockApi({ 'GET /api/notifications/count': { status: 200, body: { count: 5 } } });
    await renderLiveBells(2);
    await waitFor(() => expect(badges()).toEqual(['5', '5']));

    act(() => realtimeEvents.emit('notification', liveNotification(901)));
    await waitFor(() => expect(badges()).toEqual(['6', '6']));
    // The same notification again (a reconnect) and an already-read one change nothing.
    act(() => {
      realtimeEvents.emit('notification', liveNotification(901));
      realtimeEvents.emit('notification', liveNotification(902, { readAt: '2026-03-10T09:01:00.000Z' }));
      realtimeEvents.emit('notification', liveNotification(903));
    });
    await waitFor(() => expect(badges()).toEqual(['7', '7']));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(badges()).toEqual(['7', '7']);
    expect(screen.getAllByTestId('notification-bell')[0]?.getAttribute('aria-label')).toBe('Notifications, 7 unread');
    // Live updates need no extra request.
    expect(api.callsTo('GET /api/notifications/count')).toHaveLength(1);
  });

  it('shows 99+ once a live notification passes 99', async () => {
    mockApi({ 'GET /api/notifications/count': { status: 200, body: { count: 99 } } });
    await renderLiveBells();
    await waitFor(() => expect(badges()).toEqual(['99']));
    act(() => realtimeEvents.emit('notification', liveNotification(905)));
    await waitFor(() => expect(badges()).toEqual(['99+']));
    expect(screen.getByTestId('notification-bell').getAttribute('aria-label')).toBe('Notifications, 99+ unread');
  });

  it('starts counting from zero when the first fetch has not answered', async () => {
    mockApi({ 'GET /api/notifications/count': () => new Promise(() => {}) });
    await renderLiveBells();
    expect(badges()).toEqual([]);
    act(() => realtimeEvents.emit('notification', liveNotification(904)));
    await waitFor(() => expect(badges()).toEqual(['1']));
  });
});
