import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { topUpWithSandbox } from '../support/wallet.ts';

/**
 * Issue 8: the booking flow works with the keyboard alone. From the teacher page the student
 * reaches a day, a time and "Book" with Tab and the arrow keys, confirms in the booking dialog
 * and pays from the wallet, never touching the mouse; the server then holds the reservation.
 */

const DEMO_PASSWORD = 'Ustaz2026!';
/** No other spec signs in as this student. */
const STUDENT = 'student6@ustaz.example';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Slot = { id: number; startTime: string; status: string; price: string };

async function api<T>(path: string, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** Presses Tab until `target` has the focus (at most `max` times); fails when it never does. */
async function tabTo(page: Page, target: Locator, max = 120) {
  const handle = await target.elementHandle();
  if (!handle) throw new Error('tab target not in the page');
  for (let i = 0; i < max; i++) {
    if (await handle.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`could not reach ${target} with Tab`);
}

async function focusedIs(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement);
}

describe('keyboard-only booking', () => {
  it('books a lesson with Tab, arrows and Enter, and pays from the wallet', async () => {
    // An older teacher with an open slot two or more days ahead (the money spec books the newest ones).
    const search = await api<{ data: { id: number; hourlyRate: string }[] }>(
      '/api/teachers/search?limit=20&sortBy=createdAt&sortOrder=ASC',
    );
    let chosen: { teacherId: number; slot: Slot } | null = null;
    for (const teacher of search.data.slice(4)) {
      const slots = await api<Slot[]>(`/api/teachers/teachers/${teacher.id}/available-time-slots`);
      const slot = slots.find((s) => s.status === 'open' && Date.parse(s.startTime) > Date.now() + 48 * 3_600_000);
      if (slot && Number(slot.price) <= 20) {
        chosen = { teacherId: teacher.id, slot };
        break;
      }
    }
    if (!chosen) throw new Error('no teacher with an affordable open slot');

    const page = await newPage(browser, { viewport: { width: 1280, height: 900 }, timezoneId: 'Asia/Kuwait' });
    // Signing in with the keyboard too: type, Tab, type, Enter.
    await page.goto('/en/login');
    const email = page.getByRole('textbox', { name: 'E-mail', exact: true });
    await tabTo(page, email);
    await page.keyboard.type(STUDENT);
    await tabTo(page, page.getByRole('textbox', { name: 'Password', exact: true }));
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    const token = await page.evaluate(() => localStorage.getItem('authToken') ?? sessionStorage.getItem('authToken'));
    if (!token) throw new Error('no token after login');
    await topUpWithSandbox(token, 25);
    const before = await api<{ total: number }>('/api/v1/reservations?scope=upcoming&limit=1', token);

    await page.goto(`/en/teachers/${chosen.teacherId}`);
    await page.getByTestId('slot').first().waitFor({ timeout: 15_000 });
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kuwait' }).format(new Date(chosen.slot.startTime));
    const next = page.getByRole('button', { name: 'Next week' });
    const dayTab = page.locator(`[role=tab][data-day="${day}"]`);
    for (let week = 0; week < 4 && (await dayTab.count()) === 0; week++) {
      await tabTo(page, next);
      await page.keyboard.press('Enter');
    }
    // Into the day strip (the selected day holds the tab stop), then along it with the arrows.
    await tabTo(page, page.locator('[role=tab][aria-selected=true]'));
    for (let i = 0; i < 7 && !(await focusedIs(dayTab)); i++) await page.keyboard.press('ArrowRight');
    expect(await focusedIs(dayTab)).toBe(true);
    expect(await dayTab.getAttribute('aria-selected')).toBe('true');

    // The slot: Tab into the panel until the chosen time, then Space.
    const slots = page.getByRole('tabpanel').getByTestId('slot');
    const daySlots = (await api<Slot[]>(`/api/teachers/teachers/${chosen.teacherId}/available-time-slots`)).filter(
      (s) =>
        s.status === 'open' &&
        new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kuwait' }).format(new Date(s.startTime)) === day,
    );
    const index = daySlots.findIndex((s) => s.id === chosen.slot.id);
    const slotButton = slots.nth(Math.max(0, index));
    await tabTo(page, slotButton);
    await page.keyboard.press('Space');
    await expect.poll(() => slotButton.getAttribute('aria-pressed')).toBe('true');

    await tabTo(page, page.getByRole('button', { name: 'Book', exact: true }));
    await page.keyboard.press('Enter');
    const booking = page.getByRole('dialog', { name: 'Review your booking' });
    await booking.waitFor();
    await tabTo(page, booking.getByRole('button', { name: 'Confirm booking' }), 40);
    await page.keyboard.press('Enter');

    const methods = page.getByRole('dialog', { name: 'Choose how to pay' });
    await methods.waitFor();
    const wallet = methods.getByTestId('payment-choice-balance');
    await expect.poll(() => wallet.isEnabled()).toBe(true);
    await tabTo(page, wallet, 40);
    await page.keyboard.press('Enter');

    const success = page.getByTestId('booking-success');
    await success.waitFor({ timeout: 15_000 });
    await success.getByRole('heading', { name: 'Booking confirmed' }).waitFor();
    await screenshot(page, 'keyboard-booking-success');
    const after = await api<{ total: number }>('/api/v1/reservations?scope=upcoming&limit=1', token);
    expect(after.total).toBe(before.total + 1);
    await page.context().close();
  });
});
