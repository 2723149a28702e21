import type { MySubscriptionUsageResponse, TeacherProfile } from '@ustaz/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from '../support/browser.ts';
import {
  api,
  bookFirstSlot,
  DEMO_STUDENT,
  DEMO_TEACHER,
  logInApi,
  moneyOf,
  signInContext,
  type TokenPair,
  teacherProfileIdOf,
} from '../support/lessons.ts';
import { type OwnServer, startOwnServer } from '../support/own-server.ts';
import { topUpWithSandbox } from '../support/wallet.ts';

/**
 * Issue 21, the spec's loose ends, in a real browser. On a server of its own (the admin changes
 * the site's name and logo, which every other spec on the shared server would see):
 * - the admin sets a logo address and a site name in the dashboard; a new visitor sees the logo in
 *   the navbar and the name in the title and the footer, in Arabic and English; with the settings
 *   call failing and nothing cached, the footer shows the spec's fallback settings, not an error;
 * - the demo student buys a package and books with the balance (hours first): the subscriptions
 *   page lists that lesson with its teacher and hours; the student's "Your teachers" row on home
 *   (and at the top of search) leads to the teacher's open slots with "Book again".
 */

const ZONE = 'Asia/Kuwait';
const ADMIN = 'admin@ustaz.example';
const BRAND = 'Madrasa Plus';

let server: OwnServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startOwnServer(), launchBrowser()]);
  expect(server.databaseKind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

function openPage(lang: 'ar' | 'en', width = 1280): Promise<Page> {
  return newPage(browser, {
    baseURL: server.url,
    viewport: { width, height: 900 },
    timezoneId: ZONE,
    locale: lang === 'ar' ? 'ar-KW' : 'en-US',
  });
}

describe("the operator's brand", () => {
  // The site's own favicon stands in for a logo: nothing outside this machine is reachable.
  let logoUrl: string;

  beforeAll(async () => {
    logoUrl = `${server.url}/favicon.svg`;
    // Signed in as "remember me" keeps it; the change itself goes through the dashboard's form.
    const page = await openPage('en');
    await signInContext(page, await logInApi(server.url, ADMIN));
    await page.goto('/en/admin/settings');
    const name = page.getByLabel(/^Site name\s*\*?$/);
    await name.waitFor({ timeout: 30_000 });
    await name.fill(BRAND);
    // English pages show the English name when there is one (issue 30 item 15): the same brand.
    await page.getByLabel(/^English site name\s*\*?$/).fill(BRAND);
    await page.getByLabel('Logo address').fill(logoUrl);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page
      .getByText(/Settings saved as version/)
      .first()
      .waitFor({ timeout: 15_000 });
    await page.context().close();
    const settings = await api<{ appName: string; logoUrl: string | null }>(server.url, '/api/settings/website');
    expect(settings).toMatchObject({ appName: BRAND, logoUrl });
  }, 120_000);

  for (const lang of ['ar', 'en'] as const) {
    it(`a new visitor sees the logo in the navbar and the name in the title and the footer (${lang})`, async () => {
      for (const width of [1280, 375]) {
        const page = await openPage(lang, width);
        await page.goto(`/${lang}/search`);
        const logo = page.getByTestId('navbar-brand').getByRole('img', { name: BRAND });
        await logo.waitFor({ timeout: 15_000 });
        expect(await logo.getAttribute('src')).toBe(logoUrl);
        // The name beside the logo on wide screens only.
        const nameBeside = page.getByTestId('navbar-brand').locator('span', { hasText: BRAND });
        expect(await nameBeside.isVisible()).toBe(width >= 640);
        // The page's title with the settings' default title (issue 30 item 24).
        const { defaultTitle } = await api<{ defaultTitle: string }>(server.url, '/api/settings/website');
        await expect
          .poll(() => page.title())
          .toBe(`${lang === 'ar' ? 'البحث عن معلم' : 'Find a teacher'} · ${defaultTitle}`);
        const footer = page.getByTestId('footer');
        await footer.scrollIntoViewIfNeeded();
        const footerBrand = footer.getByTestId('footer-brand');
        await footerBrand.getByRole('img', { name: BRAND }).waitFor();
        expect(await footerBrand.textContent()).toContain(BRAND);
        expect(await footer.textContent()).toContain(BRAND);
        await screenshot(page, `loose-ends-brand-footer-${lang}-${width}`);
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `loose-ends-brand-navbar-${lang}-${width}`);
        await page.context().close();
      }
    });
  }

  it('with the settings call failing and nothing cached, the footer shows the fallback settings, not an error', async () => {
    const page = await openPage('en');
    await page.route('**/api/settings/website', (route) => route.abort());
    // A page the browser draws: public pages come with the server's settings (ADR 021).
    await page.goto('/en/login');
    const footer = page.getByTestId('footer');
    await footer.scrollIntoViewIfNeeded();
    const footerBrand = footer.getByTestId('footer-brand');
    // The spec's fallback object: the Arabic app name, no logo.
    await expect.poll(() => footerBrand.textContent(), { timeout: 15_000 }).toBe('أستاذ');
    expect(await footer.getByRole('alert').count()).toBe(0);
    expect(await footer.getByTestId('footer-contact').getByRole('status').count()).toBe(0);
    expect(await page.getByTestId('navbar-brand').getByRole('img').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('website_settings'))).toBeNull();
    await screenshot(page, 'loose-ends-settings-fallback-en');
    await page.context().close();
  });
});

describe('hours you can trace and your teachers', () => {
  let student: TokenPair;
  let teacherProfileId: number;
  let teacherName: string;

  beforeAll(async () => {
    const teacher = await logInApi(server.url, DEMO_TEACHER);
    student = await logInApi(server.url, DEMO_STUDENT);
    teacherProfileId = await teacherProfileIdOf(server.url, teacher.token);
    const profile = await api<TeacherProfile>(server.url, `/api/teachers/profiles/${teacherProfileId}`);
    teacherName = `${profile.user.firstName} ${profile.user.lastName}`;
    // The Starter package (5 h) bought from the wallet, then a lesson booked with the balance:
    // its hours are spent first.
    const packages = await api<{ data: { id: number; price: string; hours: number }[] }>(
      server.url,
      '/api/v1/subscriptions/packages?lang=en',
    );
    const starter = packages.data.find((p) => p.hours === 5);
    if (!starter) throw new Error('no 5-hour package');
    const { walletFils } = await moneyOf(server.url, student.token);
    const price = Math.round(Number(starter.price) * 1000);
    if (walletFils < price) await topUpWithSandbox(student.token, Math.ceil((price - walletFils) / 1000), server.url);
    await api(server.url, '/api/v1/subscriptions/purchase', student.token, {
      method: 'POST',
      body: JSON.stringify({ packageId: starter.id, paymentMethod: 'balance', language: 'en' }),
    });
    const before = await moneyOf(server.url, student.token);
    expect(before.hours).toBeGreaterThanOrEqual(5);
    const { booking } = await bookFirstSlot(
      server.url,
      student.token,
      teacherProfileId,
      new Date(Date.now() + 2 * 86_400_000),
    );
    expect(booking.breakdown.subscriptionHours).toBeGreaterThan(0);
  }, 120_000);

  for (const lang of ['ar', 'en'] as const) {
    it(`the subscriptions page lists each lesson that spent hours (${lang})`, async () => {
      const usage = await api<MySubscriptionUsageResponse>(server.url, '/api/v1/subscriptions/my-usage', student.token);
      expect(usage.data.length).toBeGreaterThan(0);
      for (const width of [1280, 375]) {
        const page = await openPage(lang, width);
        await signInContext(page, student);
        await page.goto(`/${lang}/subscriptions`);
        const section = page.getByTestId('subscription-usage');
        await section.getByTestId('usage-row').first().waitFor({ timeout: 15_000 });
        const rows = section.getByTestId('usage-row');
        expect(await rows.count()).toBe(usage.data.length);
        expect(await rows.first().textContent()).toContain(teacherName);
        expect(await section.getByTestId('usage-expiry-rule').count()).toBe(1);
        await section.scrollIntoViewIfNeeded();
        await screenshot(page, `loose-ends-usage-${lang}-${width}`);
        await page.context().close();
      }
    });
  }

  it('a student with past lessons sees "Your teachers" on home and at the top of search, and books again from it', async () => {
    const interacted = await api<TeacherProfile[]>(server.url, '/api/teachers/previously-interacted', student.token);
    expect(interacted.map((teacher) => teacher.id)).toContain(teacherProfileId);
    for (const lang of ['ar', 'en'] as const) {
      for (const width of [1280, 375]) {
        const page = await openPage(lang, width);
        await signInContext(page, student);
        await page.goto(`/${lang}`);
        const row = page.getByTestId('your-teachers');
        await row.waitFor({ timeout: 15_000 });
        expect(await row.getByTestId('your-teacher').count()).toBe(interacted.length);
        await row.scrollIntoViewIfNeeded();
        await screenshot(page, `loose-ends-your-teachers-${lang}-${width}`);
        await page.context().close();
      }
    }

    // The English page names the teacher with their English spelling (ADR 020).
    const inEnglish = await api<TeacherProfile[]>(
      server.url,
      '/api/teachers/previously-interacted?lang=en',
      student.token,
    );
    const englishTeacher = inEnglish.find((teacher) => teacher.id === teacherProfileId);
    const teacherName = `${englishTeacher?.user.firstName} ${englishTeacher?.user.lastName}`;
    const page = await openPage('en');
    await signInContext(page, student);
    await page.goto('/en/search');
    await page.getByTestId('your-teachers').waitFor({ timeout: 15_000 });
    await page.goto('/en');
    const card = page.getByTestId('your-teacher').filter({ hasText: teacherName });
    await card.waitFor({ timeout: 15_000 });
    expect(await card.getByRole('link', { name: `Message ${teacherName}` }).getAttribute('href')).toBe(
      `/en/chats/${interacted.find((teacher) => teacher.id === teacherProfileId)?.userId}`,
    );
    await card.getByRole('link', { name: `Book again with ${teacherName}` }).click();
    await page.waitForURL(new RegExp(`/en/teachers/${teacherProfileId}#teacher-slots-title$`));
    await page.getByTestId('slot').first().waitFor({ timeout: 15_000 });
    // The page scrolled to the open slots.
    await expect
      .poll(() =>
        page.evaluate(() => document.getElementById('teacher-slots-title')?.getBoundingClientRect().top ?? -1),
      )
      .toBeLessThan(400);

    // ... and books again from there: the first open slot of the selected day, paid from the balance.
    await topUpWithSandbox(student.token, 50, server.url);
    const before = await api<{ total: number }>(server.url, '/api/v1/reservations?scope=upcoming', student.token);
    const slot = page.getByRole('tabpanel').getByTestId('slot').first();
    await slot.click();
    await expect.poll(() => slot.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    const review = page.getByRole('dialog', { name: 'Review your booking' });
    await review.waitFor();
    const confirm = review.getByRole('button', { name: 'Confirm booking' });
    // A slot starting within 24 hours (the first one of today, depending on the hour the spec runs)
    // cannot be cancelled, and the review asks for the tick first.
    const acknowledge = review.getByRole('checkbox', { name: 'I understand this lesson cannot be cancelled' });
    await expect
      .poll(async () => (await confirm.isEnabled()) || (await acknowledge.isVisible()), { timeout: 10_000 })
      .toBe(true);
    if (await acknowledge.isVisible()) await acknowledge.check();
    await expect.poll(() => confirm.isEnabled(), { timeout: 10_000 }).toBe(true);
    await confirm.click();
    const methods = page.getByRole('dialog', { name: 'Choose how to pay' });
    await methods.waitFor();
    const balance = methods.getByTestId('payment-choice-balance');
    await expect.poll(() => balance.isEnabled(), { timeout: 10_000 }).toBe(true);
    await balance.click();
    await page.getByTestId('booking-success').waitFor({ timeout: 15_000 });
    const after = await api<{ total: number }>(server.url, '/api/v1/reservations?scope=upcoming', student.token);
    expect(after.total).toBe(before.total + 1);
    await page.context().close();
  });
});
