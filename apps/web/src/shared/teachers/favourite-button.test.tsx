import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthContextValue } from '../auth/auth-context.tsx';
import { AuthContext } from '../auth/auth-context.tsx';
import { signedIn, teacher } from '../test/auth-test-data.ts';
import { itInEachLanguage } from '../test/each-language.ts';
import { inTurn, mockApi, ok } from '../test/mock-api.ts';
import { renderAppRoute } from '../test/render-app-route.tsx';
import { createTestI18n } from '../test/test-i18n.ts';
import { notify } from '../ui/toast.tsx';
import { FavouriteButton } from './favourite-button.tsx';

const IDS = 'GET /api/v1/favourites/ids';
const heart = <FavouriteButton teacherId={4} name="Name4 Teacher" />;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('FavouriteButton (issue 32)', () => {
  itInEachLanguage(
    'a guest sees it not pressed, named after the teacher; pressing it goes to sign in and back',
    { ar: 'حفظ Name4 Teacher في المفضلة', en: 'Save Name4 Teacher to favourites' },
    async (language, label) => {
      const api = mockApi({});
      const { router, missing } = await renderAppRoute(heart, { language, path: '/teachers' });
      const button = screen.getByRole('button', { name: label });
      expect(button.getAttribute('aria-pressed')).toBe('false');
      await userEvent.click(button);
      expect(router.state.location.pathname).toBe(`/${language}/login`);
      expect(router.state.location.state).toEqual({ from: `/${language}/teachers` });
      expect(api.calls).toEqual([]);
      expect(missing).toEqual([]);
    },
  );

  it('a student sees their saved teachers pressed; taking one back un-presses it at once (DELETE)', async () => {
    const api = mockApi({
      [IDS]: inTurn(ok({ teacherProfileIds: [4] }), ok({ teacherProfileIds: [] })),
      'DELETE /api/v1/favourites/4': { status: 204 },
    });
    await renderAppRoute(heart, { language: 'en', path: '/teachers', auth: signedIn() });
    const button = screen.getByRole('button', { name: 'Save Name4 Teacher to favourites' });
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    await userEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
    await waitFor(() => expect(api.callsTo(IDS)).toHaveLength(2));
    expect(api.callsTo('DELETE /api/v1/favourites/4')).toHaveLength(1);
    expect(button.getAttribute('aria-pressed')).toBe('false');
  });

  it('saving is optimistic (PUT) and goes back with an error toast when the server refuses', async () => {
    const error = vi.spyOn(notify, 'error').mockResolvedValue(undefined);
    let answer: (value: { status: number }) => void = () => {};
    const api = mockApi({
      [IDS]: ok({ teacherProfileIds: [] }),
      'PUT /api/v1/favourites/4': () => new Promise((resolve) => (answer = resolve)),
    });
    await renderAppRoute(heart, { language: 'ar', path: '/teachers', auth: signedIn() });
    const button = screen.getByRole('button', { name: 'حفظ Name4 Teacher في المفضلة' });
    await waitFor(() => expect(api.callsTo(IDS)).toHaveLength(1));
    await userEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    answer({ status: 500 });
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
    expect(error).toHaveBeenCalledWith('تعذّر تحديث المفضلة. حاول مرة أخرى.');
  });

  it('is not there for a teacher or an admin', async () => {
    mockApi({});
    await renderAppRoute(heart, { language: 'en', path: '/teachers', auth: signedIn(teacher()) });
    expect(screen.queryByTestId('favourite-button')).toBeNull();
  });

  it('renders on the server not pressed, hydrates without a mismatch, then shows the student its state', async () => {
    mockApi({ [IDS]: ok({ teacherProfileIds: [4] }) });
    const { i18n } = await createTestI18n('en');
    const tree = (auth: AuthContextValue) => {
      const router = createMemoryRouter([{ path: '/:lang/teachers', element: heart }], {
        initialEntries: ['/en/teachers'],
      });
      return (
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
            <AuthContext value={auth}>
              <RouterProvider router={router} />
            </AuthContext>
          </QueryClientProvider>
        </I18nextProvider>
      );
    };
    const html = renderToString(tree(signedIn()));
    expect(html).toContain('aria-pressed="false"');
    expect(html).toContain('aria-label="Save Name4 Teacher to favourites"');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const consoleError = vi.spyOn(console, 'error');
    render(tree(signedIn()), { container, hydrate: true });
    const button = screen.getByRole('button', { name: 'Save Name4 Teacher to favourites' });
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    expect(consoleError).not.toHaveBeenCalled();
    container.remove();
  });
});
