import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedAccessToken, uniqueEmail } from '../support/accounts.ts';
import { baseUrl, launchBrowser, newPage, screenshot } from '../support/browser.ts';

/**
 * Issue 30 item 20 (ADR 027): in development, Google sign-in runs on the local sandbox. Its button
 * opens the sandbox's account form; the server signs a Google ID token for it, and the app sends
 * that to /api/v1/auth/google/login, the path Google's tokens take. Registering (English, desktop)
 * and signing in again (Arabic, phone) with it reach the same account.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

async function me(token: string) {
  const res = await fetch(`${baseUrl()}/api/v1/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: number; email: string; provider: string; firstName: string };
}

/** Opens the sandbox's form from its button and sends it; resolves with the token the app stored. */
async function signInWithSandbox(
  page: Page,
  texts: { button: string; email: string; first: string; last: string; submit: string },
  account: { email: string; firstName: string; lastName: string },
  shot: string,
) {
  const logins: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/auth/google/')) logins.push(new URL(request.url()).pathname);
  });
  await page.getByRole('button', { name: texts.button }).click();
  const form = page.getByTestId('google-sandbox-form');
  await form.getByRole('textbox', { name: texts.email, exact: true }).fill(account.email);
  await form.getByRole('textbox', { name: texts.first, exact: true }).fill(account.firstName);
  await form.getByRole('textbox', { name: texts.last, exact: true }).fill(account.lastName);
  await screenshot(page, shot);
  await form.getByRole('button', { name: texts.submit }).click();
  await expect.poll(() => storedAccessToken(page), { timeout: 15_000 }).not.toBeNull();
  // The sandbox signed the token, and the app signed in with it where Google's tokens go.
  expect(logins).toEqual(['/api/v1/auth/google/sandbox/token', '/api/v1/auth/google/login']);
  return (await storedAccessToken(page)) ?? '';
}

describe('Google sign-in on the local sandbox', () => {
  it('registers from the English sign-up page, then signs in again from the Arabic login page on a phone', async () => {
    const email = uniqueEmail('google-sandbox');
    const desktop = await newPage(browser, { viewport: { width: 1280, height: 800 } });
    await desktop.goto('/en/register');
    const registered = await signInWithSandbox(
      desktop,
      {
        button: 'Continue with Google (sandbox)',
        email: 'E-mail',
        first: 'First name',
        last: 'Last name',
        submit: 'Continue',
      },
      { email, firstName: 'Huda', lastName: 'Al-Mutairi' },
      'google-sandbox-register-en',
    );
    const account = await me(registered);
    expect(account).toMatchObject({ email, provider: 'google', firstName: 'Huda' });
    // The sign-up page's welcome for a Google account, by name.
    await desktop.getByRole('heading', { name: /Huda/ }).waitFor();
    await screenshot(desktop, 'google-sandbox-signed-in-en');
    await desktop.context().close();

    const phone = await newPage(browser, { viewport: { width: 390, height: 844 }, locale: 'ar-KW', isMobile: true });
    await phone.goto('/ar/login');
    expect(await phone.locator('html').getAttribute('dir')).toBe('rtl');
    const again = await signInWithSandbox(
      phone,
      {
        button: 'المتابعة بحساب Google (بيئة تجريبية)',
        email: 'البريد الإلكتروني',
        first: 'الاسم الأول',
        last: 'اسم العائلة',
        submit: 'متابعة',
      },
      { email, firstName: 'هدى', lastName: 'المطيري' },
      'google-sandbox-login-ar',
    );
    expect((await me(again)).id).toBe(account.id);
    await phone.context().close();
  }, 120_000);
});
