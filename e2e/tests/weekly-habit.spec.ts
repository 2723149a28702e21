import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInAndLeave, newStudent } from '../support/accounts.ts';
import {
  api,
  DEMO_PASSWORD,
  HOUR_MS,
  logInApi,
  openReview,
  payFromBalance,
  pickSlot,
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

/** A lesson's card on the schedule as shown (the day list on a phone, the week grid on a desktop). */
function lessonCard(view: Page, id: number) {
  return view.locator(`[data-testid=schedule-lesson][data-lesson-id="${id}"]`).filter({ visible: true }).first();
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
  let trialId: number;
  let trialStart: number;
  let firstStart: number;
  let seriesId: number;

  it('books a 30-minute trial, and a second trial with the same teacher is refused', async () => {
    token = await newStudent(page, 'weekly-habit');
    await topUpWithSandbox(token, 60);
    teacher = await logInApi(TEACHER.email);
    profileId = await teacherProfileId(TEACHER);

    trialStart = await freeHour(teacher, Date.now() + 3 * 24 * HOUR_MS, 1);
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
    trialId = (booked as Reservation).id;

    const second = await openAt(teacher, await freeHour(teacher, trialStart + 24 * HOUR_MS, 1), 30, '2.500', 'trial');
    const refused = await fetch(`${new URL('/', page.url()).origin}/api/v1/booking/multiple`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ timeSlotIds: [second.id], paymentMethod: 'balance', expectedTotal: '2.500' }),
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('trialAlreadyTaken');
  });

  it('books the same teacher every week: the preview shows the missing week, the first lesson is paid now', async () => {
    // Three of four weeks have a slot at the same time; the first lesson is 30 hours away (inside 48 h: paid now).
    firstStart = await freeHour(teacher, Date.now() + 30 * HOUR_MS, 4);
    const weekly: Slot[] = [];
    for (const week of [0, 1, 2]) weekly.push(await openAt(teacher, firstStart + week * 7 * 24 * HOUR_MS, 60, '5.000'));
    await pickSlot(page, profileId, weekly[0] as Slot, 'ar', '?weekly=1');
    const option = page.getByTestId('weekly-option');
    expect(await option.getByRole('checkbox', { name: 'كل أسبوع في هذا الموعد' }).isChecked()).toBe(true);
    await option.getByRole('combobox').selectOption('4');
    await option.getByRole('button', { name: 'اعرض المواعيد' }).click();
    const preview = page.getByTestId('weekly-preview');
    await preview.waitFor();
    expect(await preview.locator('li').count()).toBe(3);
    await page.getByTestId('weekly-missing').waitFor();
    await screenshot(page, 'weekly-habit-ar-phone-weekly-preview');
    await preview.getByRole('button', { name: 'احجز كل أسبوع' }).click();
    // The booked slots leave the picker (and the selection bar with them); the toast says what was booked.
    await page
      .getByText('تم الحجز: ٣ دروس أسبوعية.')
      .first()
      .waitFor({ timeout: 15_000 })
      .catch(async (error) => {
        await screenshot(page, 'weekly-habit-ar-phone-weekly-failed');
        throw error;
      });

    const series = await api<{ items: { id: number; lessons: Reservation[]; missingWeeks: string[] }[] }>(
      '/api/v1/standing-bookings',
      token,
    );
    expect(series.items).toHaveLength(1);
    seriesId = series.items[0]?.id ?? 0;
    const lessons = series.items[0]?.lessons ?? [];
    expect(lessons.map((lesson) => lesson.status)).toEqual(['confirmed', 'pending', 'pending']);
    expect(series.items[0]?.missingWeeks).toHaveLength(1);
  });

  it('moves the first weekly lesson to another time, and accepts the teacher proposal for the trial', async () => {
    const target = await openAt(teacher, await freeHour(teacher, firstStart + 3 * HOUR_MS, 1), 60, '5.000');
    await page.goto('/ar/reservations');
    const first = page.getByTestId('reservation').first();
    await first.getByTestId('move-lesson').click();
    const dialog = page.getByRole('dialog', { name: 'تغيير موعد درسك' });
    await dialog.getByTestId('move-slots').waitFor();
    await dialog.locator(`input[type=radio][value="${target.id}"]`).check();
    expect(await dialog.getByTestId('price-difference').textContent()).toBeTruthy();
    await screenshot(page, 'weekly-habit-ar-phone-move');
    await dialog.getByRole('button', { name: 'انقل الدرس إلى هذا الموعد' }).click();
    await page.getByTestId('reservation-moved').first().waitFor({ timeout: 15_000 });

    // The teacher, in the browser (Arabic, phone), proposes a new time for the trial from the schedule:
    // another 30-minute trial slot of theirs, with a note; the card then waits for the student.
    const proposed = await openAt(teacher, await freeHour(teacher, trialStart + 2 * HOUR_MS, 1), 30, '2.500', 'trial');
    await logInAndLeave(teacherPage, TEACHER.email, DEMO_PASSWORD);
    await teacherPage.goto('/ar/schedule');
    const trialCard = lessonCard(teacherPage, trialId);
    await trialCard.waitFor({ timeout: 15_000 });
    await trialCard.getByRole('button', { name: 'اقتراح موعد جديد' }).click();
    const proposeDialog = teacherPage.getByRole('dialog', { name: 'اقتراح موعد جديد' });
    await proposeDialog.getByTestId('move-slots').waitFor({ timeout: 15_000 });
    await proposeDialog.locator(`input[type=radio][value="${proposed.id}"]`).check();
    await proposeDialog.getByRole('textbox', { name: 'ملاحظة للطالب (اختيارية)' }).fill('موعد المدرسة تغيّر');
    await screenshot(teacherPage, 'weekly-habit-ar-phone-teacher-propose');
    await proposeDialog.getByRole('button', { name: 'أرسل الاقتراح' }).click();
    await proposeDialog.waitFor({ state: 'detached', timeout: 15_000 });
    const waiting = trialCard.getByTestId('proposal-waiting');
    await waiting.waitFor({ timeout: 15_000 });
    expect(await waiting.textContent()).toContain('بانتظار رد الطالب');
    expect(await trialCard.getByRole('button', { name: 'اقتراح موعد جديد' }).count()).toBe(0);
    await screenshot(teacherPage, 'weekly-habit-ar-phone-teacher-proposed');

    await page.reload();
    const banner = page.getByTestId('proposal-banner');
    await banner.waitFor({ timeout: 15_000 });
    expect(await banner.textContent()).toContain('موعد المدرسة تغيّر');
    await screenshot(page, 'weekly-habit-ar-phone-proposal');
    await banner.getByRole('button', { name: 'قبول الموعد الجديد' }).click();
    await expect.poll(() => page.getByTestId('reservation-moved').count(), { timeout: 15_000 }).toBe(2);
    await screenshot(page, 'weekly-habit-ar-phone-reservations');

    // Both sides' lists show the lessons at their new times.
    const mine = await api<{ data: Reservation[] }>('/api/v1/reservations?scope=upcoming', token);
    const byId = new Map(mine.data.map((r) => [r.id, r]));
    expect(byId.get(trialId)).toMatchObject({ startTime: proposed.startTime, revision: 1 });
    expect(mine.data.some((r) => r.startTime === target.startTime && r.revision === 1 && r.standingBookingId)).toBe(
      true,
    );
    const theirs = await api<{ data: Reservation[] }>('/api/v1/reservations?scope=upcoming&limit=50', teacher);
    expect(theirs.data.find((r) => r.id === trialId)?.startTime).toBe(proposed.startTime);
    expect(theirs.data.some((r) => r.startTime === target.startTime)).toBe(true);
    // Both schedules, in Arabic on a phone, show the moved weekly lesson and the moved trial.
    const moved = mine.data.find((r) => r.startTime === target.startTime) as Reservation;
    for (const [who, view] of [
      ['student', page],
      ['teacher', teacherPage],
    ] as const) {
      await view.goto('/ar/schedule');
      for (const id of [moved.id, trialId])
        await view
          .locator(`[data-testid=schedule-lesson][data-lesson-id="${id}"]`)
          .first()
          .waitFor({ timeout: 15_000 });
      await screenshot(view, `weekly-habit-ar-phone-${who}-schedule`);
    }
    // The teacher's schedule lists the standing student: the series, its weekday and time, its next lesson.
    const standing = teacherPage.locator(`[data-testid=standing-student][data-series-id="${seriesId}"]`);
    await standing.waitFor({ timeout: 15_000 });
    expect(await standing.textContent()).toContain('Huda Al-Kandari');
    expect(await standing.getByTestId('standing-student-when').textContent()).toMatch(/^كل .+ الساعة /);
    expect(await standing.getByTestId('standing-student-next').textContent()).toContain('الدرس القادم');
    await standing.scrollIntoViewIfNeeded();
    await screenshot(teacherPage, 'weekly-habit-ar-phone-teacher-standing');
  });

  it('screens of the teacher side at 375 and 1280 px, in Arabic and English: the proposal dialog and the standing students', async () => {
    for (const language of ['ar', 'en'] as const) {
      for (const width of [375, 1280]) {
        await teacherPage.setViewportSize({ width, height: width < 640 ? 812 : 900 });
        await teacherPage.goto(`/${language}/schedule`);
        const standing = teacherPage.getByTestId('standing-students');
        await standing.getByTestId('standing-student').first().waitFor({ timeout: 15_000 });
        await standing.scrollIntoViewIfNeeded();
        await screenshot(teacherPage, `weekly-habit-${language}-${width}-teacher-standing`);
        // The first upcoming lesson shown with the button (the week grid shows one week: step on until one is).
        const propose = teacherPage.getByTestId('propose-new-time').filter({ visible: true }).first();
        for (let week = 0; week < 3 && (await propose.count()) === 0; week++) {
          await teacherPage.getByRole('button', { name: language === 'ar' ? 'الأسبوع التالي' : 'Next week' }).click();
        }
        await propose.scrollIntoViewIfNeeded();
        await propose.click();
        const dialog = teacherPage.getByTestId('propose-dialog');
        await dialog.getByTestId('move-slots').or(dialog.getByTestId('move-empty')).waitFor({ timeout: 15_000 });
        await screenshot(teacherPage, `weekly-habit-${language}-${width}-teacher-propose`);
        await teacherPage.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      }
    }
  });
});
