import type { Locator, Page } from 'playwright-core';
import { linkPath, type OutboxMail, waitForMail } from './mail.ts';

/** The password of the accounts the browser tests register. */
export const PASSWORD = 'Secret123';

let counter = 0;
/** An address no other test (or earlier run) used. */
export const uniqueEmail = (name: string) => `${name}-${Date.now()}-${counter++}@ustaz.test`;

/** Fills the field whose accessible name is `name` (the required marker is not part of it). */
export async function fill(page: Page, name: string, value: string) {
  await page.getByRole('textbox', { name, exact: true }).fill(value);
}

/** A form control by its label, the required marker aside (also controls without a textbox role). */
export function byLabel(scope: Page | Locator, name: string): Locator {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByLabel(new RegExp(`^${escaped}\\s*\\*?$`));
}

/** Password inputs have no textbox role: find them by their label (the required marker aside). */
export async function fillPassword(page: Page, name: string, value: string) {
  await byLabel(page, name).fill(value);
}

/** Registers through the English form, opens the mailed link, and answers the confirmation mail. */
export async function registerAndConfirm(
  page: Page,
  email: string,
  options: { lang?: 'en' | 'ar'; firstName?: string; lastName?: string } = {},
): Promise<OutboxMail> {
  const started = Date.now();
  await page.goto(`/${options.lang ?? 'en'}/register`);
  await fill(page, 'First name', options.firstName ?? 'Huda');
  await fill(page, 'Last name', options.lastName ?? 'Al-Kandari');
  await fill(page, 'E-mail', email);
  await fill(page, 'Password', PASSWORD);
  await fill(page, 'Confirm password', PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText('Check your e-mail').waitFor();
  const mail = await waitForMail(email, started - 1000);
  await page.goto(linkPath(mail));
  await page.getByText('E-mail confirmed').waitFor();
  return mail;
}

export async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/en/login');
  await fill(page, 'E-mail', email);
  await fill(page, 'Password', password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/**
 * Signs in and waits until the app has left the login page for where it sends a signed-in user:
 * a `goto` started before that navigation would be interrupted by it (CI saw it twice).
 */
export async function logInAndLeave(page: Page, email: string, password = PASSWORD): Promise<string> {
  await logIn(page, email, password);
  await page.waitForURL((url) => !url.pathname.endsWith('/login'), { timeout: 15_000 });
  await page.waitForLoadState('load');
  const token = await storedAccessToken(page);
  if (!token) throw new Error(`no access token after signing in as ${email}`);
  return token;
}

/** The access token the app stored (remember me: localStorage; else this tab's sessionStorage). */
export async function storedAccessToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('authToken') ?? sessionStorage.getItem('authToken'));
}

/** Registers a new student and signs in (on a phone the account menu sits in the bottom bar): the app's token. */
export async function newStudent(page: Page, name: string): Promise<string> {
  const email = uniqueEmail(name);
  await registerAndConfirm(page, email);
  return logInAndLeave(page, email);
}
