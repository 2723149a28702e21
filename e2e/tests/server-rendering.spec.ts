import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from '../support/browser.ts';

/** Issue 18, ADR 021: public pages come drawn with their data, and the browser takes them over as they are. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Lang = 'ar' | 'en';
type Teacher = {
  id: number;
  hourlyRate: string;
  subjects: { id: number; name: string }[];
  user: { firstName: string; lastName: string };
};

/** The first teacher of the most-booked search, in the page's language (names are spelled per language). */
async function firstTeacher(lang: Lang): Promise<Teacher> {
  const res = await fetch(`${baseUrl()}/api/teachers/search?limit=12&page=1`, { headers: { 'accept-language': lang } });
  const { data } = (await res.json()) as { data: Teacher[] };
  const teacher = data.find((t) => t.subjects.length > 0);
  if (!teacher) throw new Error('the seed has no teacher with a subject');
  return teacher;
}

/** A price as the page writes it: the amount's digits in the language's digits, as formatKwd would. */
function priceDigits(rate: string, lang: Lang): string {
  const whole = rate.split('.')[0] ?? rate;
  return lang === 'ar' ? whole.replace(/\d/g, (digit) => '٠١٢٣٤٥٦٧٨٩'[Number(digit)] ?? digit) : whole;
}

async function expectDocumentLanguage(page: Page, lang: Lang) {
  expect(await page.locator('html').getAttribute('lang')).toBe(lang);
  expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
}

describe('public pages without JavaScript (what a search engine or a slow phone sees first)', () => {
  it.each(['ar', 'en'] as const)('%s: home, search and a teacher page show their real content', async (lang) => {
    const teacher = await firstTeacher(lang);
    const name = `${teacher.user.firstName} ${teacher.user.lastName}`;
    const page = await newPage(browser, { javaScriptEnabled: false });

    const home = await page.goto(`/${lang}`);
    expect(home?.status()).toBe(200);
    expect(home?.headers()['cache-control']).toBe('public, max-age=60, s-maxage=10, stale-while-revalidate=30');
    await expectDocumentLanguage(page, lang);
    const homeText = await page.locator('#main').innerText();
    expect(homeText).toContain(lang === 'ar' ? 'تعلّم مع أفضل المعلمين' : 'Learn with the best teachers');
    // The teacher carousels come with their teachers, written in the page's language: drawn when
    // scrolled near (render-when-near), as a reader sees them.
    const carousel = page.locator('[data-testid="most-booked-teachers"]');
    await carousel.scrollIntoViewIfNeeded();
    await expect
      .poll(() => carousel.innerText())
      .toMatch(lang === 'ar' ? /[\u0600-\u06FF]{2,} [\u0600-\u06FF]{2,}/ : /[A-Z][a-z]+ [A-Z]/);

    await page.goto(`/${lang}/search`);
    await expectDocumentLanguage(page, lang);
    const searchText = await page.locator('#main').innerText();
    expect(searchText).toContain(name);
    expect(searchText).toContain(teacher.subjects[0]?.name);
    expect(searchText).toContain(priceDigits(teacher.hourlyRate, lang));

    const profile = await page.goto(`/${lang}/teachers/${teacher.id}`);
    expect(profile?.status()).toBe(200);
    await expectDocumentLanguage(page, lang);
    expect(await page.locator('h1').innerText()).toBe(name);
    const profileText = await page.locator('#main').innerText();
    for (const subject of teacher.subjects) expect(profileText).toContain(subject.name);
    expect(profileText).toContain(priceDigits(teacher.hourlyRate, lang));
    await page.context().close();
  });

  it('an unknown page and an unknown teacher answer 404 with their not-found page drawn', async () => {
    const page = await newPage(browser, { javaScriptEnabled: false });
    const res = await page.goto('/en/no-such-page');
    expect(res?.status()).toBe(404);
    expect(await page.locator('h1').innerText()).toBe('Page not found');
    const teacher = await page.goto('/ar/teachers/999999999');
    expect(teacher?.status()).toBe(404);
    expect(await page.locator('h1').innerText()).toBe('لم نجد هذا المعلم');
    await page.context().close();
  });
});

/** React's hydration complaints, in development and production wording (minified errors 418, 423, 425). */
const HYDRATION_PROBLEM =
  /hydrat|did not match|didn't match|react\.dev\/errors\/(418|423|425)|Minified React error #(418|423|425)/i;

/** API calls a page may make after hydration: its images, and the open slots (the viewer's zone, ADR 021). */
const CLIENT_ONLY = /^\/api\/v1\/files\/|\/available-time-slots$/;

describe('public pages with JavaScript: hydrated as they came', () => {
  it.each(['ar', 'en'] as const)('%s: no hydration warning and no second fetch of the inlined data', async (lang) => {
    const teacher = await firstTeacher(lang);
    const page = await newPage(browser);
    const problems: string[] = [];
    const refetched: string[] = [];
    const stylesheets: string[] = [];
    page.on('console', (message) => {
      if ((message.type() === 'error' || message.type() === 'warning') && HYDRATION_PROBLEM.test(message.text()))
        problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if ((pathname.startsWith('/api/') && !CLIENT_ONLY.test(pathname)) || pathname.startsWith('/locales/'))
        refetched.push(pathname);
      if (pathname.endsWith('.css')) stylesheets.push(pathname);
    });

    for (const path of [`/${lang}`, `/${lang}/search`, `/${lang}/teachers/${teacher.id}`]) {
      await page.goto(path, { waitUntil: 'networkidle' });
      // The page carries its data and texts, and the app took the server's HTML over.
      const block = JSON.parse((await page.locator('#ustaz-ssr').textContent()) ?? '{}');
      expect(block.language).toBe(lang);
      expect(block.queries.queries.length).toBeGreaterThan(0);
      expect(Object.keys(block.texts)).toContain('common');
      await expectDocumentLanguage(page, lang);
      // The stylesheet is the page's own (ADR 038 "Critical CSS"): no link to wait for.
      expect(await page.locator('head style[data-href^="/assets/"]').count()).toBe(1);
      expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
    }
    // Hydrated and running: the teacher's open times (left to the browser) replace their placeholder.
    await page.locator('[data-testid="slots-loading"]').waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    expect(refetched).toEqual([]);
    expect(stylesheets).toEqual([]);
    await page.context().close();
  });
});
