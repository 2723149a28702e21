import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from '../support/browser.ts';
import {
  bookFirstSlot,
  DEMO_STUDENT,
  DEMO_TEACHER,
  fils,
  logInApi,
  moneyOf,
  reservationIn,
  signInContext,
  type TokenPair,
  teacherProfileIdOf,
} from '../support/lessons.ts';
import { type OwnServer, startOwnServer } from '../support/own-server.ts';

/**
 * Issue 16, a teacher no-show: the demo student books a lesson with the demo teacher from the
 * wallet; the server's clock (support/own-server.ts) is moved to 16 minutes after the start with
 * the teacher never in the room, and the money sweeper runs: the reservation is cancelled as a
 * teacher no-show, the wallet has the full price back, and the student's reservations page says so
 * in both languages.
 */

const ZONE = 'Asia/Kuwait';
const MINUTE = 60_000;

let server: OwnServer;
let browser: Browser;
let student: TokenPair;
let teacher: TokenPair;
beforeAll(async () => {
  [server, browser] = await Promise.all([startOwnServer(), launchBrowser()]);
  expect(server.databaseKind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  [student, teacher] = await Promise.all([logInApi(server.url, DEMO_STUDENT), logInApi(server.url, DEMO_TEACHER)]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function studentPage(lang: 'en' | 'ar', width: number): Promise<Page> {
  const page = await newPage(browser, {
    baseURL: server.url,
    viewport: { width, height: 900 },
    timezoneId: ZONE,
    locale: lang === 'ar' ? 'ar-KW' : 'en-US',
  });
  await signInContext(page, student);
  return page;
}

const NO_SHOW_TEXT = {
  en: 'The teacher did not attend — refunded in full',
  ar: 'لم يحضر المعلّم — أُعيدت القيمة كاملة',
} as const;

describe('a teacher no-show (issue 16)', () => {
  it('cancels the lesson 15 minutes after its start and refunds the student in full', {
    timeout: 240_000,
  }, async () => {
    const profileId = await teacherProfileIdOf(server.url, teacher.token);
    // An hour ahead at least, so nothing about it has started by the wall clock.
    const { reservation, booking, moneyBefore } = await bookFirstSlot(
      server.url,
      student.token,
      profileId,
      new Date(Date.now() + 60 * MINUTE),
    );
    expect(fils(booking.breakdown.wallet) + fils(booking.breakdown.subscriptionValue)).toBe(fils(reservation.price));
    const paid = await moneyOf(server.url, student.token);
    expect(paid.walletFils).toBe(moneyBefore.walletFils - fils(booking.breakdown.wallet));

    // 16 minutes after the start: the teacher never joined. One sweep, as production runs every minute.
    const start = Date.parse(reservation.startTime);
    server.setClock(new Date(start + 16 * MINUTE));
    await server.sweep();

    const cancelled = await reservationIn(server.url, student.token, 'cancelled', reservation.id);
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'teacherNoShow' });
    // The full price is back where it came from: the wallet (and any hours).
    const after = await moneyOf(server.url, student.token);
    expect(after).toEqual(moneyBefore);
    // The teacher sees it cancelled too, and it is no longer upcoming for either.
    expect(await reservationIn(server.url, teacher.token, 'cancelled', reservation.id)).toMatchObject({
      status: 'cancelled',
    });
    expect(await reservationIn(server.url, student.token, 'upcoming', reservation.id)).toBeUndefined();

    // The student's reservations page, cancelled tab, in both languages and at both widths.
    for (const lang of ['en', 'ar'] as const) {
      for (const width of [375, 1280]) {
        const page = await studentPage(lang, width);
        await page.goto(`/${lang}/reservations?scope=cancelled`);
        // This lesson's card (the demo student has seeded cancelled lessons too, seed-student-history.ts).
        const card = page.locator(`[data-testid="reservation"][data-reservation-id="${reservation.id}"]`);
        await card.waitFor({ timeout: 30_000 });
        await card.scrollIntoViewIfNeeded();
        await screenshot(page, `lesson-no-show-reservations-${lang}-${width}`);
        // The cancelled lesson says the teacher did not come and the money came back.
        expect(await card.textContent()).toContain(NO_SHOW_TEXT[lang]);
        await page.context().close();
      }
    }
  });
});
