import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newStudent } from '../support/accounts.ts';
import { api, HOUR_MS, kwd, logInApi, openReview, openSlot, teacherProfileId, ZONE } from '../support/booking.ts';
import { launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { topUpWithSandbox } from '../support/wallet.ts';

/**
 * A short wallet, in Arabic on a phone (issue 30 item 5, ADR 026): a new student with 5 KWD picks a
 * 12 KWD lesson; the review says the balance and the 7 KWD missing and offers to top up exactly that
 * by KNET and book. The sandbox checkout opens in a new tab; after Pay the server books the lesson
 * from the wallet by itself, and the wallet is back to 0.
 */

const TEACHER = { email: 'teacher30@ustaz.example', firstName: 'Yasmin', lastName: 'Haddad' };
type Reservation = { id: number; status: string; startTime: string; price: string; paidWith: string };

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser, { viewport: { width: 390, height: 844 }, timezoneId: ZONE, locale: 'ar-KW' });
});
afterAll(async () => {
  await page?.context().close();
  await browser?.close();
});

describe('a short wallet tops up the shortfall by KNET and books (Arabic, phone)', () => {
  it('says what is missing, tops up exactly 7 KWD through the sandbox and ends booked', async () => {
    const token = await newStudent(page, 'short-wallet');
    await topUpWithSandbox(token, 5);

    const teacher = await logInApi(TEACHER.email);
    const profileId = await teacherProfileId(TEACHER);
    const slot = await openSlot(teacher, '12.000', Date.now() + 5 * 24 * HOUR_MS);
    const review = await openReview(page, profileId, slot, 'ar');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const shortfall = review.getByTestId('booking-shortfall');
    await shortfall.waitFor();
    expect(await shortfall.textContent()).toBe(`رصيدك ${kwd(5, 'ar')}، وينقصه ${kwd(7, 'ar')}`);
    expect(await review.getByTestId('booking-split').count()).toBe(0);
    expect(await review.textContent()).not.toContain('الدفع من رصيدك');
    const button = review.getByRole('button', { name: `اشحن ${kwd(7, 'ar')} عبر كي نت واحجز` });
    await button.scrollIntoViewIfNeeded();
    await screenshot(page, 'short-wallet-ar-review');

    const [tab] = await Promise.all([page.context().waitForEvent('page'), button.click()]);
    await tab.waitForLoadState('domcontentloaded');
    expect(new URL(tab.url()).pathname).toMatch(/^\/api\/v1\/payments\/sandbox\//);
    expect(await tab.textContent('body')).toMatch(/7[.٫]000|٧٫٠٠٠/);
    await screenshot(tab, 'short-wallet-ar-sandbox');

    const success = page.getByTestId('booking-success');
    await success.waitFor({ timeout: 15_000 });
    expect(await success.getByTestId('booking-top-up-pending').textContent()).toContain(kwd(7, 'ar'));
    await screenshot(page, 'short-wallet-ar-pending');

    await tab.locator('button[value="pay"]').click();
    await tab.waitForURL(/\/ar\/payment\/success/, { timeout: 15_000 });
    await tab.getByText('تم حجز دروسك.').waitFor({ timeout: 15_000 });
    await screenshot(tab, 'short-wallet-ar-paid');

    // The server booked it from the wallet by itself: the lesson is confirmed, the wallet back to 0.
    const upcoming = await api<{ data: Reservation[] }>('/api/v1/reservations?scope=upcoming&limit=50', token);
    const lesson = upcoming.data.find((r) => r.startTime === slot.startTime);
    expect([lesson?.status, lesson?.price, lesson?.paidWith]).toEqual(['confirmed', '12.000', 'wallet']);
    const balance = await api<{ balance: string }>('/api/v1/subscriptions/balance', token);
    expect(balance.balance).toBe('0.000');
    await tab.close();

    await page.goto('/ar/reservations');
    await page.getByText('ياسمين').first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'short-wallet-ar-reservations');
  });

  it('en, desktop: a failed top-up books nothing and charges nothing', async () => {
    const desk = await newPage(browser, { viewport: { width: 1280, height: 800 }, timezoneId: ZONE });
    try {
      const token = await newStudent(desk, 'short-wallet-en');
      await topUpWithSandbox(token, 2);
      const teacher = await logInApi(TEACHER.email);
      const profileId = await teacherProfileId(TEACHER);
      const slot = await openSlot(teacher, '9.500', Date.now() + 6 * 24 * HOUR_MS);
      const review = await openReview(desk, profileId, slot, 'en');
      const shortfall = review.getByTestId('booking-shortfall');
      await shortfall.waitFor();
      expect(await shortfall.textContent()).toBe(`Your balance is ${kwd(2)}; ${kwd(7.5)} short`);
      await screenshot(desk, 'short-wallet-en-review');
      const button = review.getByRole('button', { name: `Top up ${kwd(7.5)} by KNET and book` });
      const [tab] = await Promise.all([desk.context().waitForEvent('page'), button.click()]);
      await tab.waitForLoadState('domcontentloaded');
      await tab.locator('button[value="fail"]').click();
      await tab.waitForURL(/\/en\/payment\/failed/, { timeout: 15_000 });
      await screenshot(tab, 'short-wallet-en-failed');
      const balance = await api<{ balance: string }>('/api/v1/subscriptions/balance', token);
      expect(balance.balance).toBe('2.000');
      const open = await api<{ id: number; status: string }[]>(
        `/api/teachers/teachers/${profileId}/available-time-slots`,
      );
      expect(open.find((s) => s.id === slot.id)?.status).toBe('open');
    } finally {
      await desk.context().close();
    }
  });
});
