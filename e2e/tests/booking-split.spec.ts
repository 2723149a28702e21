import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  DEMO_PASSWORD,
  HOUR_MS,
  kwd,
  logInApi,
  openReview,
  openSlot,
  payFromBalance,
  type Slot,
  teacherProfileId,
  ZONE,
} from '../support/booking.ts';
import { baseUrl, launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { topUpWithSandbox } from '../support/wallet.ts';

/**
 * Paying a lesson with hours and wallet together (issue 13, I9), in a real browser against the
 * real server: a student with the Starter package (5 h for 45 KWD, 9 KWD an hour) books a slot
 * dearer than an hour of it; the review shows the split, and the server's wallet and hours move by
 * exactly that split. Then the teacher reprices a slot while the student is on the review: the
 * booking is refused with the new price shown, and confirming again books at the new price. Last,
 * a lesson inside the 24 h window cannot be confirmed without the tick (Arabic).
 *
 * The student (student3) and the teacher (teacher30) are seeded accounts no other spec signs in as;
 * the teacher opens new slots at hours they have free, so the prices are known.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A seeded student no other spec signs in as. */
const STUDENT = 'student3@ustaz.example';
const TEACHER = { email: 'teacher30@ustaz.example', firstName: 'Yasmin', lastName: 'Haddad' };

type Balance = { balance: string; remainingHours: number };
type Reservation = { id: number; status: string; startTime: string; price: string; paidWith: string };

// API ------------------------------------------------------------------------------------------

async function balanceOf(token: string): Promise<{ fils: number; hours: number }> {
  const body = await api<Balance>('/api/v1/subscriptions/balance', token);
  return { fils: fils(body.balance), hours: body.remainingHours };
}

const fils = (kwd: string | number) => Math.round(Number(kwd) * 1000);

/** Every number in a text the app formats ("KWD 6.000", "‏٦٫٠٠٠ د.ك."), in order. */
function amountsIn(text: string | null): number[] {
  const western = (text ?? '').replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/٫/g, '.');
  return [...western.replace(/,/g, '').matchAll(/\d+(\.\d+)?/g)].map((match) => Number(match[0]));
}

// Browser --------------------------------------------------------------------------------------

async function openPage(lang: 'en' | 'ar' = 'en'): Promise<Page> {
  return newPage(browser, {
    viewport: { width: 1280, height: 900 },
    timezoneId: ZONE,
    locale: lang === 'ar' ? 'ar-KW' : 'en-US',
  });
}

/**
 * Signs the page's context in: the API's login, and the pair kept where the app keeps it
 * (local storage, as "remember me" does), before any page of the app loads.
 */
async function logIn(page: Page, email: string): Promise<string> {
  const body = await api<{ token: string; refreshToken: string }>('/api/v1/auth/email/login', null, {
    method: 'POST',
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  await page.context().addInitScript((pair) => {
    if (!localStorage.getItem('authToken')) {
      localStorage.setItem('authToken', pair.token);
      localStorage.setItem('refreshToken', pair.refreshToken);
    }
  }, body);
  await page.goto('/en');
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  if (!token) throw new Error('no access token in the page');
  return token;
}

// Flows ----------------------------------------------------------------------------------------

describe('booking with hours and wallet together', () => {
  const email = STUDENT;
  let page: Page;
  let student: string;
  let teacher: string;
  let profileId: number;
  /** Subscription hours after the purchase. */
  let hours = 0;
  /** Wallet after the purchase (fils). */
  let wallet = 0;

  beforeAll(async () => {
    page = await openPage();
    student = await logIn(page, email);
    // The Starter package (5 h for 45 KWD) bought with the wallet, then exactly 15 KWD in the wallet.
    const before = await balanceOf(student);
    if (before.fils < 60_000) await topUpWithSandbox(student, (60_000 - before.fils) / 1000);
    const packages = await api<{ data: { id: number; name: string; price: string; hours: number }[] }>(
      '/api/v1/subscriptions/packages?lang=en',
    );
    const starter = packages.data.find((p) => p.price === '45.000' && p.hours === 5);
    expect(starter).toBeDefined();
    await api('/api/v1/subscriptions/purchase', student, {
      method: 'POST',
      body: JSON.stringify({ packageId: starter?.id, paymentMethod: 'balance', language: 'en' }),
    });
    const after = await balanceOf(student);
    expect(after.hours).toBe(before.hours + 5);
    expect(after.fils).toBe(Math.max(before.fils, 60_000) - 45_000);
    ({ fils: wallet, hours } = after);
    teacher = await logInApi(TEACHER.email);
    profileId = await teacherProfileId(TEACHER);
  });

  afterAll(async () => {
    await page?.context().close();
  });

  it('shows 1 h from the subscription (9 KWD) and 6 KWD from the wallet for a 15 KWD lesson, and charges exactly that', async () => {
    const slot = await openSlot(teacher, '15.000', Date.now() + 3 * 24 * HOUR_MS);
    const review = await openReview(page, profileId, slot);
    const split = review.getByTestId('booking-split');
    await split.waitFor();
    expect(await split.textContent()).toBe(`1 hour from your subscription (${kwd(9)}), ${kwd(6)} from your wallet`);
    expect(amountsIn(await review.getByTestId('booking-total').textContent())).toEqual([15]);
    expect(await review.getByTestId('booking-insufficient').count()).toBe(0);
    // The deadline is 24 h before the start, in the viewer's zone.
    expect(await review.getByTestId('booking-slot-terms').textContent()).toMatch(/^Free cancellation until /);
    await screenshot(page, 'booking-split-en-review');

    const { methods, balance } = await payFromBalance(page);
    expect(await balance.textContent()).toContain(
      `1 hour from your subscription (${kwd(9)}), ${kwd(6)} from your wallet`,
    );
    expect(await methods.getByTestId('payment-terms').textContent()).toMatch(/Free cancellation until /);
    await screenshot(page, 'booking-split-en-payment');
    await balance.click();

    const success = page.getByTestId('booking-success');
    await success.waitFor({ timeout: 15_000 });
    expect(await success.getByTestId('booking-paid-with').textContent()).toBe(
      `Paid with 1 hour from your subscription (${kwd(9)}) and ${kwd(6)} from your wallet. Balance now: ${kwd((wallet - 6_000) / 1000)}`,
    );
    expect(await success.getByTestId('booking-lessons').textContent()).toContain(
      `${TEACHER.firstName} ${TEACHER.lastName}`,
    );
    await screenshot(page, 'booking-split-en-success');

    // The server agrees: 6 KWD and one hour went, and the lesson cost 15 KWD.
    expect(await balanceOf(student)).toEqual({ fils: wallet - 6_000, hours: hours - 1 });
    const upcoming = await api<{ data: Reservation[] }>('/api/v1/reservations?scope=upcoming&limit=50', student);
    const lesson = upcoming.data.find((r) => r.startTime === slot.startTime);
    expect([lesson?.status, lesson?.price, lesson?.paidWith]).toEqual(['confirmed', '15.000', 'subscription']);
    await success.getByRole('button', { name: 'OK' }).click();
  });

  it('a price changed by the teacher between the review and the payment: the new price is shown, and confirming again books at it', async () => {
    const slot = await openSlot(teacher, '12.000', Date.now() + 4 * 24 * HOUR_MS);
    const review = await openReview(page, profileId, slot);
    await review.getByTestId('booking-split').waitFor();
    expect(amountsIn(await review.getByTestId('booking-total').textContent())).toEqual([12]);

    // The teacher reprices the slot while the student looks at 12 KWD.
    const repriced = await api<Slot>(`/api/v1/availability/slots/${slot.id}`, teacher, {
      method: 'PATCH',
      body: JSON.stringify({ price: '13.000' }),
    });
    expect(repriced.price).toBe('13.000');

    const { balance } = await payFromBalance(page);
    await balance.click();
    const notice = page.getByTestId('booking-price-changed');
    await notice.waitFor({ timeout: 15_000 });
    await expect
      .poll(() => notice.textContent(), { timeout: 10_000 })
      .toContain(`The price changed from ${kwd(12)} to ${kwd(13)}. Check the new price and confirm again.`);
    const again = page.getByRole('dialog', { name: 'Review your booking' });
    expect(amountsIn(await again.getByTestId('booking-total').textContent())).toEqual([13]);
    expect(await again.getByTestId('booking-split').textContent()).toBe(
      `1 hour from your subscription (${kwd(9)}), ${kwd(4)} from your wallet`,
    );
    await screenshot(page, 'booking-split-en-price-changed');
    // Nothing was held or charged.
    expect(await balanceOf(student)).toEqual({ fils: wallet - 6_000, hours: hours - 1 });

    const second = await payFromBalance(page);
    await second.balance.click();
    const success = page.getByTestId('booking-success');
    await success.waitFor({ timeout: 15_000 });
    expect(await balanceOf(student)).toEqual({ fils: wallet - 10_000, hours: hours - 2 });
    const upcoming = await api<{ data: Reservation[] }>('/api/v1/reservations?scope=upcoming&limit=50', student);
    expect(upcoming.data.find((r) => r.startTime === slot.startTime)?.price).toBe('13.000');
    await success.getByRole('button', { name: 'OK' }).click();
  });

  it('ar: a lesson starting within 24 hours says it cannot be cancelled and needs the tick before paying', async () => {
    const arPage = await openPage('ar');
    await logIn(arPage, email);
    const slot = await openSlot(teacher, '9.000', Date.now() + 3 * HOUR_MS);
    try {
      const review = await openReview(arPage, profileId, slot, 'ar');
      expect(await arPage.locator('html').getAttribute('dir')).toBe('rtl');
      const terms = review.getByTestId('booking-slot-terms');
      await terms.waitFor();
      expect(await terms.textContent()).toContain('لا يمكن إلغاؤه');
      expect(await review.getByTestId('booking-split').textContent()).toBe(`ساعة واحدة من اشتراكك (${kwd(9, 'ar')})`);
      const confirm = review.getByRole('button', { name: 'تأكيد الحجز' });
      expect(await confirm.isEnabled()).toBe(false);
      await screenshot(arPage, 'booking-split-ar-not-cancellable');
      await review.getByRole('checkbox', { name: 'أفهم أن هذا الدرس لا يمكن إلغاؤه' }).check();
      expect(await confirm.isEnabled()).toBe(true);
      const { methods, balance } = await payFromBalance(arPage, 'ar');
      expect(await methods.getByTestId('payment-terms').textContent()).toContain('لا يمكن إلغاؤه');
      await screenshot(arPage, 'booking-split-ar-payment');
      // On a phone, and on to the success view, which names the teacher and says the lesson is final.
      await arPage.setViewportSize({ width: 390, height: 844 });
      await screenshot(arPage, 'booking-split-ar-payment-mobile');
      await balance.click();
      const success = arPage.getByTestId('booking-success');
      await success.waitFor({ timeout: 15_000 });
      const lessons = await success.getByTestId('booking-lessons').textContent();
      // The Arabic page names the teacher with their Arabic spelling (ADR 020).
      const inArabic = await api<{ user: { firstName: string; lastName: string } }>(
        `/api/teachers/profiles/${profileId}`,
        null,
        {
          headers: { 'accept-language': 'ar' },
        },
      );
      expect(inArabic.user.firstName).not.toBe(TEACHER.firstName);
      expect(lessons).toContain(`${inArabic.user.firstName} ${inArabic.user.lastName}`);
      expect(lessons).toContain('لا يمكن إلغاؤه');
      await screenshot(arPage, 'booking-split-ar-success-mobile');
    } finally {
      await fetch(`${baseUrl()}/api/v1/availability/slots/${slot.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${teacher}` },
      });
      await arPage.context().close();
    }
  });
});
