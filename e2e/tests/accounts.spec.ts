import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  storedAccessToken as accessToken,
  fill,
  logIn,
  PASSWORD,
  registerAndConfirm,
  uniqueEmail,
} from '../support/accounts.ts';
import { baseUrl, launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { linkPath, waitForMail } from '../support/mail.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// A real 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('accounts in a real browser', () => {
  it('register, confirm from the mailed link, log in, stay signed in, refresh silently, log out', async () => {
    const page = await newPage(browser);
    const email = uniqueEmail('flow');
    const confirmation = await registerAndConfirm(page, email);
    expect(confirmation.subject).toBe('Confirm your e-mail for Ustaz');

    await logIn(page, email);
    const menu = page.getByRole('button', { name: 'Account menu' });
    await menu.waitFor();
    await page.getByTestId('navbar').getByRole('link', { name: 'My reservations' }).waitFor();
    expect(await page.getByTestId('navbar').getByRole('link', { name: 'Log in' }).count()).toBe(0);

    // A reload keeps the session.
    await page.reload();
    await menu.waitFor();

    // An access token the server refuses is renewed through the refresh token without a sign-out.
    const before = await accessToken(page);
    await page.evaluate(() => {
      const store = localStorage.getItem('authToken') ? localStorage : sessionStorage;
      store.setItem('authToken', 'expired.or.garbage');
    });
    await page.goto('/en/profile');
    await page.getByRole('heading', { name: 'Huda Al-Kandari' }).waitFor();
    await page.getByText(email).waitFor();
    const after = await accessToken(page);
    expect(after).not.toBe('expired.or.garbage');
    expect(after).not.toBe(before);

    await menu.click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/en');
    await page.getByTestId('navbar').getByRole('link', { name: 'Log in' }).waitFor();
    expect(await accessToken(page)).toBeNull();
    // The old session is over on the server too: a protected page sends the guest to log in.
    await page.goto('/en/reservations');
    await page.waitForURL('**/en/login');
    await page.context().close();
  });

  it('shows the unknown-e-mail and wrong-password messages on their fields, in both languages', async () => {
    const page = await newPage(browser);
    const email = uniqueEmail('fields');
    await registerAndConfirm(page, email);

    await logIn(page, uniqueEmail('nobody'));
    await page.getByText('No account uses this e-mail address').waitFor();
    await logIn(page, email, 'Wrong1234');
    await page.getByText('Incorrect password').waitFor();

    await page.goto('/ar/login');
    await fill(page, 'البريد الإلكتروني', uniqueEmail('nobody-ar'));
    await fill(page, 'كلمة المرور', 'Wrong1234');
    await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
    await page.getByText('لا يوجد حساب بهذا البريد الإلكتروني').waitFor();
    await fill(page, 'البريد الإلكتروني', email);
    await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
    await page.getByText('كلمة المرور غير صحيحة').waitFor();
    await screenshot(page, 'login-ar-wrong-password');
    await page.context().close();
  });

  it('resets a forgotten password end to end', async () => {
    const page = await newPage(browser);
    const email = uniqueEmail('reset');
    await registerAndConfirm(page, email);

    const started = Date.now();
    await page.goto('/en/forgot-password');
    await fill(page, 'E-mail', email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Check your inbox').waitFor();
    const mail = await waitForMail(email, started - 1000);
    expect(mail.subject).toBe('Reset your Ustaz password');
    const path = linkPath(mail);
    expect(path).toMatch(/^\/en\/password-change\?hash=.+&expires=\d+$/);

    await page.goto(path);
    await fill(page, 'New password', 'BrandNew42');
    await fill(page, 'Confirm password', 'BrandNew42');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Password changed').waitFor();
    await page.waitForURL('**/en/login', { timeout: 6_000 });

    await logIn(page, email, PASSWORD);
    await page.getByText('Incorrect password').waitFor();
    await logIn(page, email, 'BrandNew42');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();

    // The link works once.
    await page.evaluate(() => localStorage.clear());
    await page.goto(path);
    await fill(page, 'New password', 'Another42x');
    await fill(page, 'Confirm password', 'Another42x');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page
      .getByText(/invalid or has already been used/)
      .first()
      .waitFor();
    await page.context().close();
  });

  it('edits the profile with a new photo', async () => {
    const page = await newPage(browser);
    const email = uniqueEmail('photo');
    await registerAndConfirm(page, email);
    await logIn(page, email);
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await page.goto('/en/profile');
    await page.getByRole('button', { name: 'Edit profile' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('textbox', { name: 'First name', exact: true }).fill('Maha');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: /Maha/ }).first().waitFor();
    const photo = page.locator('main img[src^="/api/v1/files/"]').first();
    await photo.waitFor();
    const src = await photo.getAttribute('src');
    const res = await fetch(`${baseUrl()}${src}`);
    expect(res.headers.get('content-type')).toBe('image/png');
    // Uploads are re-encoded (metadata dropped), so the bytes differ: the same 1x1 PNG comes back.
    const served = Buffer.from(await res.arrayBuffer());
    expect(served.subarray(0, 8)).toEqual(PNG.subarray(0, 8));
    expect([served.readUInt32BE(16), served.readUInt32BE(20)]).toEqual([1, 1]);
    await screenshot(page, 'profile-en-after-edit');
    await page.context().close();
  });
});
