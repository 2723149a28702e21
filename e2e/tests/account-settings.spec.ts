import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fillPassword,
  logIn,
  PASSWORD,
  registerAndConfirm,
  storedAccessToken,
  uniqueEmail,
} from '../support/accounts.ts';
import { baseUrl, launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { topUpWithSandbox } from '../support/wallet.ts';

/** Issue 13 "Accounts as users expect them": the password change and the account deletion on the profile. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function accessToken(page: Page): Promise<string> {
  const token = await storedAccessToken(page);
  if (!token) throw new Error('not signed in');
  return token;
}

/** Books the first open slot of a demo teacher for the signed-in student, paid from the wallet. */
async function bookALesson(token: string) {
  const search = (await (await fetch(`${baseUrl()}/api/teachers/search?limit=5`)).json()) as {
    data: { id: number }[];
  };
  for (const teacher of search.data) {
    const slots = (await (
      await fetch(`${baseUrl()}/api/teachers/teachers/${teacher.id}/available-time-slots`)
    ).json()) as { id: number; price: string; startTime: string }[];
    const slot = slots.find(
      (s) => Number(s.price) <= 20 && new Date(s.startTime).getTime() > Date.now() + 26 * 3_600_000,
    );
    if (!slot) continue;
    const res = await fetch(`${baseUrl()}/api/v1/booking/single`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ timeSlotId: slot.id, paymentMethod: 'balance', expectedTotal: slot.price }),
    });
    if (res.ok) return;
  }
  throw new Error('no slot could be booked');
}

describe('account settings on the profile', () => {
  it('changes the password: a wrong current one is refused with a message, the right one works', async () => {
    const page = await newPage(browser);
    const email = uniqueEmail('password');
    await registerAndConfirm(page, email, { firstName: 'Salem', lastName: 'Al-Mutairi' });
    await logIn(page, email);
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await page.goto('/en/profile');
    const form = page.getByRole('form', { name: 'Change password' });
    await form.waitFor();

    await fillPassword(page, 'Current password', 'Wrong1234');
    await fillPassword(page, 'New password', 'Brand9new');
    await fillPassword(page, 'Confirm new password', 'Brand9new');
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The current password is incorrect').waitFor();
    await screenshot(page, 'profile-password-wrong-en');

    await fillPassword(page, 'Current password', PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed').waitFor();
    // Still signed in here.
    await page.reload();
    await page.getByRole('form', { name: 'Change password' }).waitFor();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/en');
    await logIn(page, email, PASSWORD);
    await page.getByText('Incorrect password').waitFor();
    await logIn(page, email, 'Brand9new');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await page.context().close();
  });

  it('deletes the account: refused while a lesson is ahead, then deleted, signed out and unable to log in', async () => {
    const page = await newPage(browser);
    const email = uniqueEmail('leaving');
    await registerAndConfirm(page, email, { firstName: 'Salem', lastName: 'Al-Mutairi' });
    await logIn(page, email);
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    const token = await accessToken(page);
    await topUpWithSandbox(token, 20);
    await bookALesson(token);

    await page.goto('/en/profile');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    await fillPassword(page, 'Your password', PASSWORD);
    await dialog.getByRole('button', { name: 'Delete permanently' }).click();
    await dialog.getByText('You have upcoming lessons.', { exact: false }).waitFor();
    await screenshot(page, 'profile-delete-refused-en');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Cancel the lesson (full refund), then the account can go.
    const reservations = (await (
      await fetch(`${baseUrl()}/api/v1/reservations`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { data: { id: number }[] };
    for (const reservation of reservations.data) {
      const cancelled = await fetch(`${baseUrl()}/api/v1/reservations/${reservation.id}/cancel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({}),
      });
      expect(cancelled.ok).toBe(true);
    }

    await page.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.waitFor();
    await fillPassword(page, 'Your password', PASSWORD);
    await dialog.getByRole('button', { name: 'Delete permanently' }).click();
    await page.getByText('Your account has been deleted').waitFor();
    await page.waitForURL((url) => url.pathname === '/en', { waitUntil: 'commit' });
    // Home, not the login page: the profile page left as a guest must not bounce to log in.
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/en');
    await page.getByTestId('navbar').getByRole('link', { name: 'Log in' }).waitFor();

    await logIn(page, email, PASSWORD);
    await page.getByText('No account uses this e-mail address').waitFor();
    await page.context().close();
  });
});
