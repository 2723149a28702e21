import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, registerAndConfirm, storedAccessToken, uniqueEmail } from '../support/accounts.ts';
import {
  api,
  HOUR_MS,
  logInApi,
  openReview,
  payFromBalance,
  type Slot,
  teacherProfileId,
  ZONE,
} from '../support/booking.ts';
import { launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { topUpWithSandbox } from '../support/wallet.ts';

/**
 * The weekly habit (issue 32), in Arabic on a phone: a new student books a 30-minute trial with a
 * teacher who offers one, then a standing weekly series with the same teacher, moves one lesson, and
 * accepts the teacher's proposal of a new time for another; the reservations list and both schedules
 * show the result.
 */

const TEACHER = { email: 'teacher6@ustaz.example', firstName: 'Mohammad', lastName: 'Al-Ajmi' };
type Reservation = {
  id: number;
  status: string;
  kind: string;
  startTime: string;
  price: string;
  revision: number;
  standingBookingId: number | null;
  proposal: { id: number; status: string } | null;
};

async function newStudent(page: Page, name: string): Promise<string> {
  const email = uniqueEmail(name);
  await registerAndConfirm(page, email);
  await logIn(page, email);
  let token: string | null = null;
  await expect
    .poll(
      async () => {
        token = await storedAccessToken(page).catch(() => null);
        return token;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  await page.waitForLoadState('load');
  return token as unknown as string;
}

/** The teacher's own slots (open and booked). */
async function slotsOf(teacherToken: string): Promise<Slot[]> {
  const mine = await api<Slot[] | { data: Slot[] }>('/api/v1/availability/slots', teacherToken);
  return Array.isArray(mine) ? mine : mine.data;
}

/** Opens a slot of `minutes` at exactly `start` (ms), as the teacher, `kind` 'trial' or 'lesson'. */
async function openAt(teacherToken: string, start: number, minutes: number, price: string, kind = 'lesson') {
  return api<Slot>('/api/v1/availability/slots', teacherToken, {
    method: 'POST',
    body: JSON.stringify({
      startTime: new Date(start).toISOString(),
      endTime: new Date(start + minutes * 60_000).toISOString(),
      price,
      ...(kind === 'trial' ? { kind } : {}),
    }),
  });
}

/** The first whole hour from `from` on at which the teacher has nothing for `hours` hours, in each of `weeks` weeks. */
async function freeHour(teacherToken: string, from: number, weeks: number, hours = 1): Promise<number> {
  const taken = (await slotsOf(teacherToken)).map((slot) => [Date.parse(slot.startTime), Date.parse(slot.endTime)]);
  const busy = (start: number, end: number) => taken.some(([s = 0, e = 0]) => s < end && start < e);
  let start = Math.ceil(from / HOUR_MS) * HOUR_MS;
  for (let tries = 0; tries < 24 * 14; tries++, start += HOUR_MS) {
    let free = true;
    for (let week = 0; week < weeks && free; week++) {
      const s = start + week * 7 * 24 * HOUR_MS;
      free = !busy(s, s + hours * HOUR_MS);
    }
    if (free) return start;
  }
  throw new Error('the teacher has no free hour');
}

let browser: Browser;
let page: Page;
let teacherPage: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser, { viewport: { width: 390, height: 844 }, timezoneId: ZONE, locale: 'ar-KW' });
  teacherPage = await newPage(browser, { viewport: { width: 390, height: 844 }, timezoneId: ZONE, locale: 'ar-KW' });
});
afterAll(async () => {
  await page?.context().close();
  await teacherPage?.context().close();
  await browser?.close();
});

describe('the weekly habit in Arabic on a phone (issue 32)', () => {
  let token: string;
  let teacher: string;
  let profileId: number;

  it('books a 30-minute trial, and a second trial with the same teacher is refused', async () => {
    token = await newStudent(page, 'weekly-habit');
    await topUpWithSandbox(token, 60);
    teacher = await logInApi(TEACHER.email);
    profileId = await teacherProfileId(TEACHER);

    const trialStart = await freeHour(teacher, Date.now() + 3 * 24 * HOUR_MS, 1);
    const trial = await openAt(teacher, trialStart, 30, '2.500', 'trial');
    const review = await openReview(page, profileId, trial, 'ar');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await review.getByTestId('booking-trial-note').textContent()).toContain('درس تجريبي');
    await screenshot(page, 'weekly-habit-ar-phone-trial-review');
    const { balance } = await payFromBalance(page, 'ar');
    await balance.click();
    const success = page.getByTestId('booking-success');
    await success.waitFor({ timeout: 15_000 }).catch(async (error) => {
      await screenshot(page, 'weekly-habit-ar-phone-trial-failed');
      throw error;
    });
    // After a trial the student is offered the weekly booking with the same teacher.
    const weekly = success.getByRole('link', { name: /كل أسبوع/ });
    expect(await weekly.getAttribute('href')).toContain(`/ar/teachers/${profileId}?weekly=1`);
    await screenshot(page, 'weekly-habit-ar-phone-trial-booked');

    const upcoming = await api<{ data: Reservation[] }>('/api/v1/reservations?scope=upcoming', token);
    const booked = upcoming.data.find((r) => r.kind === 'trial');
    expect(booked).toMatchObject({ status: 'confirmed', price: '2.500' });

    const second = await openAt(teacher, await freeHour(teacher, trialStart + 24 * HOUR_MS, 1), 30, '2.500', 'trial');
    const refused = await fetch(`${new URL('/', page.url()).origin}/api/v1/booking/multiple`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ timeSlotIds: [second.id], paymentMethod: 'balance', expectedTotal: '2.500' }),
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('trialAlreadyTaken');
  });
});
