import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, screenshot } from '../support/browser.ts';

/**
 * Issue 7 in a real browser: the seeded admin runs the marketplace from /admin. A student is
 * promoted to teacher, is not listed until approved, then appears in search; a manual refund
 * lands in the user's wallet and in the ledger.
 */

const DEMO_PASSWORD = 'Ustaz2026!';
const ADMIN = 'admin@ustaz.example';
/** No other spec signs in as, or looks for, these students. */
const PROMOTED = 'student5@ustaz.example';
const REFUNDED = 'student4@ustaz.example';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    ...init,
    headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function tokenFor(email: string): Promise<string> {
  const body = await api<{ token: string }>('/api/v1/auth/email/login', {
    method: 'POST',
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return body.token;
}

async function adminPage(): Promise<Page> {
  const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  await page.goto('/en/login');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(ADMIN);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  return page;
}

type Listed = { data: { userId: number; user: { firstName: string; lastName: string } }[] };

describe('admin dashboard in a real browser', () => {
  it('promotes a student to teacher, who appears in search only after approval', async () => {
    const page = await adminPage();
    // The profile screen sends an admin to the dashboard.
    await page.goto('/en/profile');
    await page.waitForURL(/\/en\/admin$/, { timeout: 15_000 });
    await page.getByRole('heading', { level: 1 }).waitFor();

    await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Users' }).click();
    await page.waitForURL(/\/en\/admin\/users/);
    await page
      .getByRole('searchbox', { name: 'Search users' })
      .or(page.getByRole('textbox', { name: 'Search users' }))
      .fill(PROMOTED);
    await page.keyboard.press('Enter');
    await page.waitForURL(/search=student5/);
    const row = page.getByRole('row').filter({ hasText: PROMOTED });
    await row.waitFor();
    await row.getByRole('link').first().click();
    await page.waitForURL(/\/en\/admin\/users\/\d+$/);
    const userId = Number(new URL(page.url()).pathname.split('/').pop());
    const promote = page.getByRole('button', { name: 'Promote to teacher' });
    await promote.waitFor();
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    const name = (heading ?? '').trim();
    expect(name.length).toBeGreaterThan(2);

    await promote.click();
    const dialog = page.getByRole('dialog', { name: 'Promote to teacher' });
    await dialog.waitFor();
    await dialog
      .getByRole('textbox', { name: /Starting hourly rate/ })
      .or(dialog.getByRole('spinbutton'))
      .fill('12');
    await dialog.getByRole('button', { name: 'Promote', exact: true }).click();
    await page.getByText('Teacher awaiting approval').waitFor();
    await screenshot(page, 'admin-promoted');

    // Not listed yet: neither the API nor the search page shows the new teacher.
    const before = await api<Listed>(`/api/teachers/search?limit=50&search=${encodeURIComponent(name)}`);
    expect(before.data.map((t) => t.userId)).not.toContain(userId);

    await page.getByRole('link', { name: 'Review teachers awaiting approval' }).click();
    await page.waitForURL(/\/en\/admin\/teachers\?approval=pending/);
    const approve = page.getByRole('button', { name: `Approve ${name}` });
    await approve.waitFor();
    await approve.click();
    await page.getByText(`${name} is approved and listed in search.`).waitFor();
    await screenshot(page, 'admin-approved');

    // Listed now: the API and the search page a visitor sees.
    await expect
      .poll(async () =>
        (await api<Listed>(`/api/teachers/search?limit=50&search=${encodeURIComponent(name)}`)).data.map(
          (t) => t.userId,
        ),
      )
      .toContain(userId);
    const visitor = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    // The name as written is Arabic; an English page shows its English spelling (ADR 020).
    await visitor.goto(`/ar/search?q=${encodeURIComponent(name)}`);
    await visitor.getByRole('heading', { name }).first().waitFor({ timeout: 15_000 });
    await screenshot(visitor, 'admin-promoted-in-search');
    await visitor.context().close();

    // The audit log recorded both actions.
    await page.goto('/en/admin/audit');
    await page.getByRole('cell', { name: 'Promoted to teacher' }).first().waitFor();
    await page.getByRole('cell', { name: 'Approved a teacher' }).first().waitFor();
    await page.context().close();
  });

  it("makes a manual refund that shows in the user's balance and in the ledger", async () => {
    const userToken = await tokenFor(REFUNDED);
    const auth = { headers: { authorization: `Bearer ${userToken}` } };
    const me = await api<{ id: number }>('/api/v1/auth/me', auth);
    const balanceOf = async () =>
      Number((await api<{ balance: string }>('/api/v1/subscriptions/balance', auth)).balance);
    const before = await balanceOf();
    const reason = `Lesson cut short by a network outage (${Date.now()})`;

    const page = await adminPage();
    await page.goto(`/en/admin/ledger?userId=${me.id}`);
    await page.getByRole('heading', { name: 'Ledger', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Manual refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manual refund to a wallet' });
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox', { name: 'User id' }).inputValue()).toBe(String(me.id));
    await dialog.getByRole('textbox', { name: 'Amount (KWD)' }).fill('7.250');
    await dialog.getByRole('textbox', { name: /Reason/ }).fill(reason);
    await screenshot(page, 'admin-refund-dialog');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await page.getByText(/^Refunded .*7\.25.* New wallet balance: /).waitFor();

    // The ledger lists it with the reason as its memo; the user's wallet holds it.
    const row = page.getByRole('row').filter({ hasText: reason });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/7\.250/);
    await screenshot(page, 'admin-ledger-refund');
    expect(Math.round((await balanceOf()) * 1000)).toBe(Math.round(before * 1000) + 7_250);
    await page.context().close();

    // The user sees it on the profile: the wallet and its history.
    const user = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await user.goto('/en/login');
    await user.getByRole('textbox', { name: 'E-mail', exact: true }).fill(REFUNDED);
    await user.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
    await user.getByRole('button', { name: 'Log in', exact: true }).click();
    await user.getByRole('button', { name: 'Account menu' }).waitFor();
    await user.goto('/en/profile');
    await expect
      .poll(async () => (await user.getByTestId('wallet-balance').textContent()) ?? '', { timeout: 10_000 })
      .toContain((before + 7.25).toFixed(2));
    await user.getByText('Refund from support').first().waitFor();
    await user.context().close();
  });
});
