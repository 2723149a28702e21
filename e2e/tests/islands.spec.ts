import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from '../support/browser.ts';
import { logInApi, signInContext } from '../support/lessons.ts';

/**
 * Issue 33, ADR 038: a guest's home page is the server's HTML with islands. Only the islands'
 * code loads (not the app's entry or router), every island is hydrated, each control works, and
 * a visitor with a stored session gets the whole app.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Lang = 'ar' | 'en';
const TEXTS = {
  ar: {
    openMenu: 'فتح القائمة',
    nextSlide: 'الشريحة التالية',
    filters: 'خيارات التصفية',
    message: 'راسل المعلم',
    other: 'en',
  },
  en: {
    openMenu: 'Open menu',
    nextSlide: 'Next slide',
    filters: 'Search filters',
    message: 'Message the teacher',
    other: 'ar',
  },
} as const;

/** A guest's page, with every script it asks for and every error it logs. */
async function guestPage(width: number): Promise<{ page: Page; scripts: string[]; errors: string[] }> {
  const page = await newPage(browser, { viewport: { width, height: 800 } });
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, scripts, errors };
}

/** Whether an island's element is a React root (hydrated). */
function hydrated(page: Page, name: string): Promise<boolean> {
  return page
    .locator(`[data-island="${name}"]`)
    .first()
    .evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactContainer')));
}

/**
 * The scripts among `files` that carry zod (its core's `$ZodType` name survives minifying). A guest's
 * first view reads the address and the contract's constants without it; only a dialog opened by a
 * tap (the filters, a top-up) may load it.
 */
async function scriptsWithZod(page: Page, files: readonly string[]): Promise<string[]> {
  const offenders: string[] = [];
  for (const file of new Set(files)) {
    const text = await (await page.request.get(file)).text();
    if (text.includes('$ZodType')) offenders.push(file);
  }
  return offenders;
}

async function waitHydrated(page: Page, name: string) {
  await expect.poll(() => hydrated(page, name), { timeout: 10_000 }).toBe(true);
}

describe.each(['ar', 'en'] as const)('%s: a guest on the home page', (lang: Lang) => {
  it('loads the islands only, and the navbar, language switcher, search box and hero carousel work at 375 px', async () => {
    const { page, scripts, errors } = await guestPage(375);
    await page.goto(`/${lang}`, { waitUntil: 'networkidle' });
    expect(scripts.some((file) => /^\/assets\/islands-[\w-]+\.js$/.test(file))).toBe(true);
    // Not the app's entry (index-*.js, which holds the router and the session).
    expect(scripts.filter((file) => /^\/assets\/index-[\w-]+\.js$/.test(file))).toEqual([]);
    for (const name of ['navbar', 'search-box', 'hero-carousel']) await waitHydrated(page, name);
    expect(await scriptsWithZod(page, scripts)).toEqual([]);

    // Navbar island: the menu opens, has the language switcher, and closes with Escape.
    await page.getByRole('button', { name: TEXTS[lang].openMenu }).click();
    const menu = page.locator('#mobile-menu');
    await expect.poll(() => menu.isVisible()).toBe(true);
    const switcher = menu.locator(`a[href^="/${TEXTS[lang].other}"]`).first();
    expect(await switcher.count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.isVisible()).toBe(false);

    // Search box island: Enter goes to the search page with the text.
    const input = page.locator('[data-island="search-box"] input').first();
    await input.fill('math');
    await input.press('Enter');
    await page.waitForURL(new RegExp(`/${lang}/search\\?q=math`));
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('at 1280 px: the filters dialog, the hero arrows, the FAQ, the teacher carousels and the footer are hydrated and work', async () => {
    const { page, errors } = await guestPage(1280);
    await page.goto(`/${lang}`, { waitUntil: 'networkidle' });
    await waitHydrated(page, 'search-box');
    await page.getByRole('button', { name: TEXTS[lang].filters }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await waitHydrated(page, 'hero-carousel');
    const activeSlide = () =>
      page
        .locator('[data-testid="hero-slide"]')
        .evaluateAll((slides) => slides.findIndex((s) => s.dataset.active === 'true'));
    const before = await activeSlide();
    await page.getByRole('button', { name: TEXTS[lang].nextSlide }).click();
    await expect.poll(activeSlide).not.toBe(before);

    // Below the fold: hydrated once scrolled near.
    expect(await hydrated(page, 'faq')).toBe(false);
    await page.locator('#faq').scrollIntoViewIfNeeded();
    await waitHydrated(page, 'faq');
    const question = page.locator('#faq button[aria-expanded]').nth(1);
    const expanded = await question.getAttribute('aria-expanded');
    await question.click();
    await expect.poll(() => question.getAttribute('aria-expanded')).not.toBe(expanded);

    await page.locator('[data-testid="most-booked-teachers"]').scrollIntoViewIfNeeded();
    await waitHydrated(page, 'teacher-carousels');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await waitHydrated(page, 'footer');
    await waitHydrated(page, 'reviews');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

/** The first listed teacher's profile id. */
async function aTeacherId(): Promise<number> {
  const res = await fetch(`${baseUrl()}/api/teachers/search?limit=1&page=1`);
  const { data } = (await res.json()) as { data: { id: number }[] };
  const id = data[0]?.id;
  if (!id) throw new Error('the seed has no teacher');
  return id;
}

/** Marks the loaded document: a marker still there later means no page load happened meanwhile. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: true }));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument === true);

describe.each(['ar', 'en'] as const)('%s: a guest on the search and teacher pages', (lang: Lang) => {
  it('search island: typing, the next page and Back change the results in place, without a page load', async () => {
    const { page, scripts, errors } = await guestPage(1280);
    await page.goto(`/${lang}/search`, { waitUntil: 'networkidle' });
    expect(scripts.filter((file) => /^\/assets\/index-[\w-]+\.js$/.test(file))).toEqual([]);
    await waitHydrated(page, 'search');
    expect(await scriptsWithZod(page, scripts)).toEqual([]);
    await markDocument(page);
    const cards = () => page.locator('[data-island="search"] a[href*="/teachers/"]').count();
    expect(await cards()).toBeGreaterThan(0);
    const input = page.locator('[data-island="search"] input').first();
    await input.fill('zzqqxx-nobody');
    await expect.poll(() => page.url(), { timeout: 10_000 }).toContain('q=zzqqxx-nobody');
    await expect.poll(cards, { timeout: 10_000 }).toBe(0);
    await input.fill('');
    await expect.poll(cards, { timeout: 10_000 }).toBeGreaterThan(0);
    const next = page.getByRole('button', { name: lang === 'en' ? /next/i : /التالي/ }).last();
    await next.click();
    await expect.poll(() => page.url()).toContain('page=2');
    await page.goBack();
    await expect.poll(() => page.url()).not.toContain('page=2');
    expect(await sameDocument(page)).toBe(true);
    // The filters dialog of the page's box opens.
    await page.getByRole('button', { name: TEXTS[lang].filters }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("teacher islands: the card's buttons hydrate at once, the slots when scrolled near; a slot is chosen, and a guest is offered to log in to book", async () => {
    const { page, scripts, errors } = await guestPage(375);
    await page.goto(`/${lang}/teachers/${await aTeacherId()}`, { waitUntil: 'networkidle' });
    expect(scripts.filter((file) => /^\/assets\/index-[\w-]+\.js$/.test(file))).toEqual([]);
    await waitHydrated(page, 'teacher-actions');
    await waitHydrated(page, 'navbar');
    expect(await scriptsWithZod(page, scripts)).toEqual([]);
    // The card itself (name, figures, bio) is the server's HTML, outside every island.
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.locator('[data-island] h1').count()).toBe(0);
    // Its buttons are the island: a guest's "message" leads to the login page.
    const message = page.locator('[data-island="teacher-actions"]').getByRole('link', { name: TEXTS[lang].message });
    expect(await message.getAttribute('href')).toMatch(new RegExp(`^/${lang}/login`));
    // Below the profile card: hydrated once scrolled near.
    expect(await hydrated(page, 'teacher-slots')).toBe(false);
    await page.locator('[data-island="teacher-slots"] > *').first().scrollIntoViewIfNeeded();
    await waitHydrated(page, 'teacher-slots');
    await page.getByTestId('slot').first().waitFor({ timeout: 15_000 });
    const slot = page.getByRole('tabpanel').getByTestId('slot').first();
    await slot.click();
    await expect.poll(() => slot.getAttribute('aria-pressed')).toBe('true');
    const login = page.getByRole('link', { name: lang === 'en' ? 'Log in to book' : 'سجّل الدخول للحجز' });
    await expect.poll(() => login.count()).toBeGreaterThan(0);
    expect(await login.first().getAttribute('href')).toMatch(new RegExp(`^/${lang}/login`));
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('a visitor with a stored session', () => {
  it('gets the whole app on the home page (the app entry, its user menu)', async () => {
    const page = await newPage(browser, { viewport: { width: 1280, height: 800 } });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await signInContext(page, await logInApi(baseUrl(), 'student@ustaz.example'));
    await page.goto('/en', { waitUntil: 'networkidle' });
    expect(scripts.some((file) => /^\/assets\/index-[\w-]+\.js$/.test(file))).toBe(true);
    // The whole page is the app's root (the islands' files are preloaded, but not run).
    const isRoot = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactContainer')));
    await expect.poll(() => isRoot('#root'), { timeout: 10_000 }).toBe(true);
    expect(await isRoot('[data-island="navbar"]')).toBe(false);
    // The guest's buttons give way to the signed-in ones.
    await expect.poll(() => page.getByRole('link', { name: 'Log in' }).count(), { timeout: 10_000 }).toBe(0);
    await page.context().close();
  });
});
