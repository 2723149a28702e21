import {
  ATTENDANCE_RULE,
  type BalanceResponse,
  type EarningsSummary,
  type LessonRoom,
  type PayoutsResponse,
  type ReservationsResponse,
} from '@ustaz/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byLabel, PASSWORD, storedAccessToken } from '../support/accounts.ts';
import { launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { linkPath, waitForMail } from '../support/mail.ts';
import { type OwnServer, startOwnServer } from '../support/own-server.ts';
import { topUpWithSandbox } from '../support/wallet.ts';

/**
 * Issue 15, the teacher's side end to end in Arabic: a new user registers and confirms the e-mail,
 * applies at /ar/teach with a video link; the admin approves in the dashboard; the new teacher
 * completes the profile in the editor (photo, a second subject) and adds a weekly series; a student
 * books one of its slots with the wallet; the lesson is in both schedules; the teacher joins the
 * lesson room (issue 16: a lesson whose teacher never came is refunded, not paid); a day after the
 * lesson's end it has earned the teacher money, who saves a bank account and asks for a payout; the
 * admin marks it paid; the teacher sees it paid in the statement.
 *
 * The lesson must happen and end before it earns anything: this file runs its own server
 * (support/own-server.ts) whose clock it moves (to just before the start, then past the day after
 * the end that holds the earning for problem reports) and whose money sweeper it runs. Every other
 * step goes through the pages' own controls.
 */

const ZONE = 'Asia/Kuwait';
const DEMO_PASSWORD = 'Ustaz2026!';
const ADMIN = 'admin@ustaz.example';
const STUDENT = 'student@ustaz.example';
const FIRST_NAME = 'سلمى';
const LAST_NAME = 'المطيري';
const FULL_NAME = `${FIRST_NAME} ${LAST_NAME}`;
/** The teacher's rate: a 60-minute lesson costs 12 KWD, the teacher earns 12 less the 10 % fee. */
const RATE = 12;
const EARNED = 10.8;
/** A checksum-valid Kuwaiti IBAN (the form's own example). */
const IBAN = 'KW81CBKU0000000000001234560101';
const VIDEO = 'https://youtu.be/dQw4w9WgXcQ';
/** A real 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let server: OwnServer;
let browser: Browser;
beforeAll(async () => {
  // Fake camera and microphone: the teacher joins the lesson room.
  [server, browser] = await Promise.all([startOwnServer(), launchBrowser({ fakeMedia: true })]);
  // The database the shell asked for (support/own-server.ts): PostgreSQL with DATABASE_URL, else PGlite.
  expect(server.databaseKind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

// Helpers --------------------------------------------------------------------------------------

/** A GET on the journey's server as the page's signed-in user. */
async function getAs<T>(page: Page, path: string): Promise<T> {
  const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${await tokenOf(page)}` } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function tokenOf(page: Page): Promise<string> {
  const token = await storedAccessToken(page);
  if (!token) throw new Error('no access token in the page');
  return token;
}

/** A fresh browser session (its own storage) in Arabic, in Kuwait's zone, at desktop width. */
function session(): Promise<Page> {
  return newPage(browser, {
    baseURL: server.url,
    viewport: { width: 1280, height: 900 },
    timezoneId: ZONE,
    locale: 'ar-KW',
  });
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/ar/login');
  await byLabel(page, 'البريد الإلكتروني').fill(email);
  await byLabel(page, 'كلمة المرور').fill(password);
  await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
  await page.getByRole('button', { name: 'قائمة الحساب' }).waitFor();
}

/** The KWD amount in a text the app formats in Arabic ("١٠٫٨٠٠ د.ك."). */
function amountIn(text: string | null): number {
  const western = (text ?? '').replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/٫/g, '.');
  const match = western.replace(/[,٬]/g, '').match(/\d+(\.\d+)?/);
  return match ? Number(match[0]) : Number.NaN;
}

/** Today plus `days` as a Kuwait calendar day "YYYY-MM-DD". */
function kuwaitDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(Date.now() + days * 86_400_000));
}

/** A day's weekday name as the weekly form's toggles name it in Arabic. */
const arabicWeekday = (day: string) =>
  new Intl.DateTimeFormat('ar', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

/**
 * The lesson's card in the schedule's week grid: steps to the next week (the grid opens on the
 * current one) until the lesson's day is a column.
 */
async function lessonInWeekGrid(page: Page, lessonId: number, day: string): Promise<Locator> {
  const grid = page.getByTestId('schedule-week');
  await grid.waitFor();
  const firstColumn = () => grid.locator('ol > li > h2').first().getAttribute('id');
  for (let step = 0; step < 3 && (await grid.locator(`[id="week-${day}"]`).count()) === 0; step++) {
    const shown = await firstColumn();
    await grid.getByRole('button', { name: 'الأسبوع التالي' }).click();
    await expect.poll(firstColumn).not.toBe(shown);
  }
  const card = grid.locator(`[data-lesson-id="${lessonId}"]`);
  await card.waitFor();
  return card;
}

// The journey ----------------------------------------------------------------------------------

describe('the teacher side in Arabic (issue 15)', () => {
  it('a new user becomes a teacher, is booked, earns and is paid out', { timeout: 300_000 }, async () => {
    const email = `salma-${Date.now()}@ustaz.test`;
    const applicant = await session();

    // 1. Register in Arabic and confirm the e-mail from the outbox.
    const registered = Date.now();
    await applicant.goto('/ar/register');
    await byLabel(applicant, 'الاسم الأول').fill(FIRST_NAME);
    await byLabel(applicant, 'اسم العائلة').fill(LAST_NAME);
    await byLabel(applicant, 'البريد الإلكتروني').fill(email);
    await byLabel(applicant, 'كلمة المرور').fill(PASSWORD);
    await byLabel(applicant, 'تأكيد كلمة المرور').fill(PASSWORD);
    await applicant.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await applicant.getByText('تحقّق من بريدك الإلكتروني').waitFor();
    const mail = await waitForMail(email, registered - 1000, 10_000, server.mailDir);
    await applicant.goto(linkPath(mail));
    await applicant.getByText('تم تأكيد البريد الإلكتروني').first().waitFor();

    // 2. Sign in and apply at /ar/teach with a video link (its live preview shows).
    await signIn(applicant, email, PASSWORD);
    await applicant.goto('/ar/teach');
    const form = applicant.getByRole('form', { name: 'طلب التدريس' });
    await form.waitFor();
    await byLabel(form, 'النبذة بالعربية').fill('معلمة رياضيات أشرح الجبر والهندسة خطوة بخطوة لطلاب الثانوية.');
    await byLabel(form, 'النبذة بالإنجليزية').fill('A maths teacher who explains algebra and geometry step by step.');
    await byLabel(form, 'التخصص').fill('الرياضيات');
    await byLabel(form, 'سنوات الخبرة').fill('6');
    await form.getByRole('checkbox', { name: 'الرياضيات', exact: true }).check();
    await byLabel(form, 'سعر الساعة (د.ك)').fill(String(RATE));
    await byLabel(form, 'رابط الفيديو التعريفي (يوتيوب)').fill(VIDEO);
    await form.locator('iframe[title="معاينة الفيديو"]').waitFor();
    await form.getByRole('button', { name: 'أرسل الطلب' }).click();
    await applicant.getByText('قيد المراجعة', { exact: true }).first().waitFor();
    await screenshot(applicant, 'teacher-journey-applied');

    // 3. The admin approves it on the dashboard's Applications page.
    const admin = await session();
    await signIn(admin, ADMIN, DEMO_PASSWORD);
    await admin.goto('/ar/admin/teacher-applications');
    await admin.getByRole('button', { name: `قبول طلب ${FULL_NAME}` }).click();
    await admin.getByText(`أصبح ${FULL_NAME} معلماً وظهر في البحث.`).waitFor();

    // The applicant's page follows: approved (or, once the session carries the new role, the
    // teacher's side of /teach).
    await applicant.reload();
    await applicant
      .getByText('مقبول', { exact: true })
      .or(applicant.getByText('أنت معلم على أستاذ بالفعل'))
      .first()
      .waitFor();
    await screenshot(applicant, 'teacher-journey-approved');

    // 4. The role is in the access token: the new teacher signs in again (a new session).
    await applicant.context().close();
    const teacher = await session();
    await signIn(teacher, email, PASSWORD);

    // 5. Completes the profile in the editor: a photo and a second subject.
    await teacher.goto('/ar/profile/edit');
    const editor = teacher.getByRole('form', { name: 'ملفك التدريسي' });
    await editor.waitFor();
    expect(await byLabel(editor, 'نبذة عنك بالعربية').inputValue()).toContain('معلمة رياضيات');
    const [chooser] = await Promise.all([
      teacher.waitForEvent('filechooser'),
      editor.getByRole('button', { name: 'تغيير الصورة' }).click(),
    ]);
    await chooser.setFiles({ name: 'salma.png', mimeType: 'image/png', buffer: PNG });
    await editor.getByRole('checkbox', { name: 'الفيزياء', exact: true }).check();
    await editor.getByRole('button', { name: 'حفظ التغييرات' }).click();
    await teacher.getByText('تم حفظ ملفك التدريسي').waitFor();
    await teacher.waitForURL(/\/ar\/profile$/);

    // 6. A weekly series in the availability editor: 10:00-11:00 (Kuwait) on the weekday two
    // days from now, 60-minute lessons, four weeks from today (the form's default last day).
    const lessonDay = kuwaitDay(2);
    await teacher.getByRole('button', { name: 'ساعات أسبوعية' }).click();
    const weekly = teacher.getByTestId('weekly-form');
    await weekly.waitFor();
    await weekly.getByRole('button', { name: arabicWeekday(lessonDay), exact: true }).click();
    await byLabel(weekly, 'من الساعة').fill('10:00');
    await byLabel(weekly, 'حتى الساعة').fill('11:00');
    await weekly.getByRole('button', { name: 'إضافة الساعات الأسبوعية' }).click();
    const result = teacher.getByTestId('weekly-result');
    await result.waitFor();
    // Four weeks of one weekday: four lessons, none skipped (in the page's Arabic-Indic digits).
    expect(await result.textContent()).toContain('أُنشئ ٤، وتُخطّي ٠');

    // The completeness meter is full now (photo, both bios, video, subjects, slots).
    await teacher.reload();
    await teacher.getByText('ملفك مكتمل. لدى الطلاب كل ما يحتاجونه لاختيارك.').waitFor();
    const publicLink = teacher.getByRole('link', { name: 'افتح صفحتك كما يراها الطلاب' });
    const teacherPath = new URL((await publicLink.getAttribute('href')) ?? '', server.url).pathname;
    expect(teacherPath).toMatch(/^\/ar\/teachers\/\d+$/);

    // 7. A student books the first of its slots with the wallet.
    const student = await session();
    await signIn(student, STUDENT, DEMO_PASSWORD);
    const { balance, remainingHours } = await getAs<BalanceResponse>(student, '/api/v1/subscriptions/balance');
    if (Number(balance) < RATE) await topUpWithSandbox(await tokenOf(student), RATE, server.url);
    await student.goto(teacherPath);
    const tab = student.locator(`[role=tab][data-day="${lessonDay}"]`);
    await tab.click();
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
    const slot = student.getByRole('tabpanel').getByTestId('slot').first();
    await slot.click();
    await expect.poll(() => slot.getAttribute('aria-pressed')).toBe('true');
    await student.getByRole('button', { name: 'احجز', exact: true }).click();
    const review = student.getByRole('dialog', { name: 'مراجعة الحجز' });
    await review.waitFor();
    expect(amountIn(await review.getByTestId('booking-total').textContent())).toBe(RATE);
    await review.getByRole('button', { name: 'تأكيد الحجز' }).click();
    const methods = student.getByRole('dialog', { name: 'اختر طريقة الدفع' });
    await methods.waitFor();
    const wallet = methods.getByTestId('payment-choice-balance');
    await expect.poll(() => wallet.isEnabled()).toBe(true);
    await wallet.click();
    const success = student.getByTestId('booking-success');
    await success.getByRole('heading', { name: 'تم تأكيد الحجز' }).waitFor({ timeout: 15_000 });
    const upcoming = await getAs<ReservationsResponse>(student, '/api/v1/reservations?scope=upcoming&limit=50');
    const mine = upcoming.data.find(
      (r) => r.teacher.firstName === FIRST_NAME && kuwaitDayOf(r.startTime) === lessonDay,
    );
    if (!mine) throw new Error('the booked lesson is not among the upcoming reservations');
    // The balance spends subscription hours first (the demo student keeps 4 hours of a Starter package).
    expect([mine.status, mine.paidWith]).toEqual(['confirmed', remainingHours > 0 ? 'subscription' : 'wallet']);
    const studentName = `${mine.student.firstName} ${mine.student.lastName}`;

    // 8. The lesson is in both schedules: the teacher's week grid and the student's.
    await teacher.goto('/ar/schedule');
    const teacherCard = await lessonInWeekGrid(teacher, mine.id, lessonDay);
    expect(await teacherCard.textContent()).toContain(studentName);
    await screenshot(teacher, 'teacher-journey-schedule-teacher');
    await student.goto('/ar/schedule');
    const studentCard = await lessonInWeekGrid(student, mine.id, lessonDay);
    expect(await studentCard.textContent()).toContain(FULL_NAME);
    await screenshot(student, 'teacher-journey-schedule-student');

    // 9. The lesson happens: five minutes before its start (the server's clock) the teacher opens
    // the lesson room and joins; the server records it. A day after the end (the time left for
    // reporting a problem) the money sweeper has completed the lesson and released the earning.
    server.setClock(new Date(Date.parse(mine.startTime) - 5 * 60_000));
    await teacher.goto(`/ar/lessons/${mine.id}`);
    const room = teacher.getByTestId('lesson-state');
    await expect.poll(() => room.getAttribute('data-state'), { timeout: 30_000 }).toBe('open');
    await teacher.getByTestId('lesson-join').click();
    await expect.poll(() => room.getAttribute('data-state'), { timeout: 30_000 }).toBe('in-call');
    // Alone in the room, the teacher is present after the attendance rule's minimum stay (issue 29):
    // the server's clock moves on while the teacher stays in.
    server.setClock(new Date(Date.parse(mine.startTime) + ATTENDANCE_RULE.minimumStayMs + 60_000));
    await expect
      .poll(async () => (await getAs<LessonRoom>(teacher, `/api/v1/lessons/${mine.id}`)).attendance.teacher.present, {
        timeout: 30_000,
      })
      .toBe(true);
    server.setClock(new Date(Date.parse(mine.endTime) + 24 * 60 * 60_000 + 60_000));
    await server.sweep();
    const done = await getAs<ReservationsResponse>(teacher, '/api/v1/reservations?scope=past&limit=50');
    expect(done.data.find((r) => r.id === mine.id)?.status).toBe('completed');
    expect(Number((await getAs<EarningsSummary>(teacher, '/api/v1/earnings')).available)).toBe(EARNED);

    // 10. The teacher saves a bank account and asks for all of it.
    await teacher.goto('/ar/earnings');
    await expect.poll(async () => amountIn(await teacher.getByTestId('figure-available').textContent())).toBe(EARNED);
    await byLabel(teacher, 'رقم الآيبان (IBAN)').fill(IBAN);
    await byLabel(teacher, 'اسم صاحب الحساب').fill(FULL_NAME);
    await teacher.getByRole('button', { name: 'حفظ الحساب البنكي' }).click();
    await teacher.getByTestId('saved-bank-account').waitFor();
    await teacher.getByRole('button', { name: 'طلب سحب', exact: true }).click();
    const payoutDialog = teacher.getByRole('dialog', { name: 'طلب سحب' });
    await payoutDialog.getByRole('button', { name: 'سحب الكل' }).click();
    await payoutDialog.getByRole('button', { name: 'إرسال الطلب' }).click();
    await payoutDialog.waitFor({ state: 'detached' });
    await expect.poll(async () => amountIn(await teacher.getByTestId('figure-available').textContent())).toBe(0);
    const payouts = await getAs<PayoutsResponse>(teacher, '/api/v1/payouts');
    const payout = payouts.data[0];
    expect([payout?.status, Number(payout?.amount)]).toEqual(['requested', EARNED]);

    // 11. The admin marks it paid with the bank's reference.
    await admin.goto('/ar/admin/payouts');
    // The request's number in the Arabic page's digits (issue 17's one number style).
    const payoutNumber = String(payout?.id).replace(/\d/g, (digit) => '٠١٢٣٤٥٦٧٨٩'[Number(digit)] ?? digit);
    await admin.getByRole('button', { name: `تأكيد تحويل الطلب ${payoutNumber}` }).click();
    const paid = admin.getByRole('dialog', { name: `تأكيد تحويل الطلب ${payoutNumber}` });
    await byLabel(paid, 'رقم مرجع البنك').fill('TRX-2026-0042');
    await paid.getByRole('button', { name: 'تأكيد التحويل' }).click();
    await admin.getByText(`تم تأكيد تحويل الطلب ${payoutNumber}.`).waitFor();

    // 12. The teacher sees it paid in the statement and in the paid-out figure.
    await teacher.reload();
    await expect.poll(async () => amountIn(await teacher.getByTestId('figure-paidOut').textContent())).toBe(EARNED);
    const statement = teacher.getByTestId('statement-table');
    const payoutRow = statement.getByRole('row').filter({ hasText: 'سحب إلى حسابك البنكي' });
    await payoutRow.getByText('تم التحويل').waitFor();
    const lessonRow = statement.getByRole('row').filter({ hasText: 'درس مع' });
    await lessonRow.getByText('مكتسب').waitFor();
    await screenshot(teacher, 'teacher-journey-earnings');
  });
});

/** The Kuwait calendar day an instant falls on. */
function kuwaitDayOf(iso: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(iso));
}
