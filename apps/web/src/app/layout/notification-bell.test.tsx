import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '../../shared/auth/token-storage.ts';
import { createTestI18n, jsonResponse } from '../../shared/test/test-i18n.ts';
import { badgeText, NotificationBell } from './notification-bell.tsx';
import { fetchNotificationCount } from './use-notification-count.ts';

async function renderBell(count: number) {
  const { i18n } = await createTestI18n('en');
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/en']}>
        <Routes>
          <Route path="/:lang" element={<NotificationBell count={count} />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
  return screen.getByTestId('notification-bell');
}

afterEach(() => vi.unstubAllGlobals());

describe('the bell badge (spec 2)', () => {
  it('is hidden at 0', async () => {
    const bell = await renderBell(0);
    expect(screen.queryByTestId('notification-badge')).toBeNull();
    expect(bell.getAttribute('href')).toBe('/en/notifications');
    expect(bell.getAttribute('aria-label')).toBe('Notifications');
  });

  it('shows the count', async () => {
    const bell = await renderBell(5);
    expect(screen.getByTestId('notification-badge').textContent).toBe('5');
    expect(bell.getAttribute('aria-label')).toBe('Notifications, 5 unread');
  });

  it('shows 99+ above 99', async () => {
    await renderBell(150);
    expect(screen.getByTestId('notification-badge').textContent).toBe('99+');
  });

  it('caps at exactly 99', () => {
    expect([badgeText(-1), badgeText(0), badgeText(1), badgeText(99), badgeText(100)]).toEqual([
      null,
      null,
      '1',
      '99',
      '99+',
    ]);
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
