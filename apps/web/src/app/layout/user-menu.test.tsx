import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { teacher, testUser } from '../../shared/test/auth-test-data.ts';
import { createTestI18n } from '../../shared/test/test-i18n.ts';
import { UserMenu } from './user-menu.tsx';

const USER = testUser();

async function renderMenu(user = USER) {
  const { i18n } = await createTestI18n('en');
  const onLogout = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '/:lang/*',
        element: (
          <>
            <UserMenu user={user} onLogout={onLogout} />
            <p>outside</p>
          </>
        ),
      },
    ],
    { initialEntries: ['/en'] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return { router, onLogout, button: screen.getByRole('button', { name: 'Account menu' }) };
}

const focusedText = () => document.activeElement?.textContent;

describe('UserMenu', () => {
  it('opens with the keyboard on the first entry, moves with the arrows, Home and End, and closes with Escape', async () => {
    const { button } = await renderMenu();
    const user = userEvent.setup();
    button.focus();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'My profile',
      'My chats',
      'My reservations',
      'Log out',
    ]);
    expect(focusedText()).toBe('My profile');
    // Each key and the entry it moves the focus to (the arrows wrap around).
    for (const [key, entry] of [
      ['{ArrowDown}', 'My chats'],
      ['{End}', 'Log out'],
      ['{ArrowDown}', 'My profile'],
      ['{ArrowUp}', 'Log out'],
      ['{Home}', 'My profile'],
    ]) {
      await user.keyboard(key as string);
      expect(focusedText()).toBe(entry);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("a teacher's menu has their schedule second and their earnings last (issue 15)", async () => {
    const { button } = await renderMenu(teacher());
    await userEvent.setup().click(button);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'My profile',
      'My schedule',
      'My chats',
      'My reservations',
      'My earnings',
      'Log out',
    ]);
  });

  it('ArrowUp on the button opens on the last entry', async () => {
    const { button } = await renderMenu();
    button.focus();
    await userEvent.setup().keyboard('{ArrowUp}');
    expect(focusedText()).toBe('Log out');
  });

  it('closes on a click outside', async () => {
    const { button } = await renderMenu();
    await userEvent.setup().click(button);
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.pointerDown(screen.getByText('outside'));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('an entry navigates and closes; logout calls onLogout', async () => {
    const { button, router, onLogout } = await renderMenu();
    const user = userEvent.setup();
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'My reservations' }));
    expect(router.state.location.pathname).toBe('/en/reservations');
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});
