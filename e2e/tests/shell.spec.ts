import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, screenshot } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function htmlAttributes(page: Page) {
  return page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
}

/** The page sets `<html lang dir>` right after it renders the new path: wait for it. */
async function waitForDirection(page: Page, lang: 'ar' | 'en') {
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
  return htmlAttributes(page);
}

async function open(path: string, options: Parameters<typeof newPage>[1] = {}) {
  const page = await newPage(browser, options);
  await page.goto(path);
  await page.getByTestId('footer').waitFor();
  return page;
}

describe('language handling', () => {
  it('sends an Arabic browser from / to /ar in Arabic, right to left, with navbar, footer and WhatsApp button', async () => {
    const page = await open('/', { locale: 'ar-KW' });
    expect(new URL(page.url()).pathname).toBe('/ar');
    expect(await htmlAttributes(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await expect(page.getByTestId('navbar').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('whatsapp-button').isVisible()).resolves.toBe(true);
    expect(await page.getByTestId('whatsapp-button').getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\d+/);
    expect(await page.locator('h1').first().innerText()).toMatch(/[\u0600-\u06FF]/);
    await page.context().close();
  });

  it("prefixes a path without language by the browser's language: /teachers lands on /ar/teachers, or /en/teachers", async () => {
    const arabic = await open('/teachers?x=1', { locale: 'ar-KW' });
    const url = new URL(arabic.url());
    expect(url.pathname).toBe('/ar/teachers');
    expect(url.search).toBe('?x=1');
    await arabic.context().close();
    const french = await open('/', { locale: 'fr-FR' });
    expect(new URL(french.url()).pathname).toBe('/ar');
    await french.context().close();
    const english = await open('/', { locale: 'en-US' });
    expect(new URL(english.url()).pathname).toBe('/en');
    await english.context().close();
  });

  it("the switcher's choice wins over the browser's language for / and unprefixed paths, and replaces an unsupported prefix", async () => {
    const page = await open('/ar/about', { locale: 'ar-KW' });
    await page.getByTestId('navbar').getByTestId('language-switcher').click();
    await page.waitForURL('**/en/about');
    await page.goto('/');
    await page.waitForURL(/\/en$/);
    await page.goto('/fr/privacy');
    await page.waitForURL('**/en/privacy');
    expect(await waitForDirection(page, 'en')).toEqual({ lang: 'en', dir: 'ltr' });
    await page.context().close();
  });

  it('the stored language, not only the switcher, decides / over the browser language (path, stored, browser)', async () => {
    // An Arabic browser opens an English address (a shared link): the app stores en, and mirrors it
    // in the cookie the server reads, so / then lands on /en.
    const page = await open('/en/about', { locale: 'ar-KW' });
    await page.waitForFunction(() => document.cookie.includes('lang=en'));
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
    await page.goto('/');
    await page.waitForURL(/\/en$/);
    const redirect = await page.request.get('/', { maxRedirects: 0 });
    expect(redirect.status()).toBe(302);
    expect(redirect.headers().location).toBe('/en');
    await page.context().close();
  });

  it('serves /en left to right, already in the first HTML the server sends', async () => {
    const raw = await fetch(`${baseUrl()}/en/about`).then((r) => r.text());
    expect(raw).toMatch(/<html lang="en" dir="ltr">/);
    const rawAr = await fetch(`${baseUrl()}/ar`).then((r) => r.text());
    expect(rawAr).toMatch(/<html lang="ar" dir="rtl">/);

    const page = await open('/en');
    expect(await htmlAttributes(page)).toEqual({ lang: 'en', dir: 'ltr' });
    expect(await page.getByTestId('navbar').innerText()).toContain('Teachers');
    await page.context().close();
  });

  it('switches language keeping the rest of the path', async () => {
    const page = await open('/ar/privacy?ref=1');
    await page.getByTestId('navbar').getByTestId('language-switcher').click();
    await page.waitForURL('**/en/privacy?ref=1');
    expect(await waitForDirection(page, 'en')).toEqual({ lang: 'en', dir: 'ltr' });
    await page.getByRole('heading', { level: 1, name: 'Privacy policy' }).waitFor();
    await page.getByTestId('navbar').getByTestId('language-switcher').click();
    await page.waitForURL('**/ar/privacy?ref=1');
    expect(await waitForDirection(page, 'ar')).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('ar');
    await page.context().close();
  });
});

describe('layout', () => {
  it('footer links reach their pages, and the FAQ link scrolls to the FAQ on home', async () => {
    const page = await open('/en/contact');
    const footer = page.getByTestId('footer');
    for (const [name, path] of [
      ['About the platform', '/en/about-platform'],
      ['Privacy policy', '/en/privacy'],
      ['Terms and conditions', '/en/terms'],
      ['Contact us', '/en/contact'],
    ] as const) {
      await footer.getByRole('link', { name, exact: true }).click();
      await page.waitForURL(`**${path}`);
      await page.locator('main h1').first().waitFor();
    }
    await footer.getByTestId('footer-faq').click();
    await page.waitForURL('**/en#faq');
    await page.locator('#faq').waitFor();
    await page.waitForFunction(() => {
      const top = document.getElementById('faq')?.getBoundingClientRect().top ?? 9999;
      return Math.abs(top) < 200;
    });
    await page.context().close();
  });

  it('shows the settings-driven social links and contact data in the footer', async () => {
    const settings = await fetch(`${baseUrl()}/api/settings/website`).then((r) => r.json());
    const page = await open('/en');
    const contact = page.getByTestId('footer-contact');
    await contact.getByText(settings.contactEmail).waitFor();
    const socials = await page
      .getByTestId('footer-social')
      .locator('a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('data-social')));
    expect(socials.sort()).toEqual(['facebook', 'instagram', 'linkedin', 'twitter', 'youtube']);
    await page.context().close();
  });

  it('the navbar turns solid after scrolling more than 10 px', async () => {
    const page = await open('/en/privacy');
    const navbar = page.getByTestId('navbar');
    expect(await navbar.getAttribute('data-scrolled')).toBe('false');
    await page.mouse.wheel(0, 600);
    await page.waitForFunction(
      () => document.querySelector('[data-testid=navbar]')?.getAttribute('data-scrolled') === 'true',
    );
    await page.context().close();
  });

  it('mobile menu slides in, locks the body scroll, and closes on navigation', async () => {
    const page = await open('/ar', { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    await page.getByRole('button', { name: 'فتح القائمة' }).click();
    const menu = page.locator('#mobile-menu');
    await menu.waitFor();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await menu.getByRole('link', { name: 'من نحن' }).click();
    await page.waitForURL('**/ar/about');
    await menu.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    await page.context().close();
  });

  it('mobile menu closes on a link to the current page, on the backdrop, and when the window widens', async () => {
    const page = await open('/en', { viewport: { width: 375, height: 740 } });
    const openMenu = page.getByRole('button', { name: 'Open menu' });
    const menu = page.locator('#mobile-menu');
    await openMenu.click();
    await menu.waitFor();
    // Focus moves into the menu.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close menu');
    await menu.getByRole('link', { name: 'Home' }).click();
    await menu.waitFor({ state: 'detached' });

    await openMenu.click();
    await page.getByTestId('mobile-menu-backdrop').click({ position: { x: 360, y: 400 } });
    await menu.waitFor({ state: 'detached' });

    await openMenu.click();
    await menu.waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
    await menu.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    await page.context().close();
  });

  it('shows the not-found page in the page language', async () => {
    const page = await open('/ar/no-such-page');
    await page.getByTestId('not-found').waitFor();
    expect(await page.locator('h1').innerText()).toBe('الصفحة غير موجودة');
    expect(await page.title()).toContain('الصفحة غير موجودة');
    await page.goto('/en/teachers/5/nothing');
    await page.getByTestId('not-found').waitFor();
    expect(await page.locator('h1').innerText()).toBe('Page not found');
    await page.context().close();
  });

  it('sets a title per route and scrolls to the top on path change', async () => {
    const page = await open('/en/terms');
    expect(await page.title()).toMatch(/^Terms and conditions · /);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByTestId('footer').getByRole('link', { name: 'Privacy policy' }).click();
    await page.waitForURL('**/en/privacy');
    await page.waitForFunction(() => window.scrollY === 0);
    expect(await page.title()).toMatch(/^Privacy policy · /);
    await page.context().close();
  });

  it('sends a guest from a login-required page to the login page', async () => {
    const page = await open('/en/reservations');
    await page.waitForURL('**/en/login');
    await page.context().close();
  });
});

describe('settings fallbacks', () => {
  it('uses the saved settings when the server fails, with a notice that goes away after 5 s', async () => {
    const settings = await fetch(`${baseUrl()}/api/settings/website`).then((r) => r.json());
    const page = await newPage(browser);
    const saved = { data: { ...settings, contactEmail: 'saved-copy@ustaz.test' }, timestamp: Date.now() - 3_600_000 };
    await page.addInitScript((value) => localStorage.setItem('website_settings', value), JSON.stringify(saved));
    await page.route('**/api/settings/website', (route) => route.fulfill({ status: 503, body: '{}' }));
    // A page the browser draws (public pages come with the server's settings, ADR 021).
    await page.goto('/en/login');
    await page.getByTestId('footer-contact').getByText('saved-copy@ustaz.test').waitFor();
    const notice = page.getByText("We couldn't reach the server, so we're showing the last saved settings.");
    await notice.waitFor();
    await notice.waitFor({ state: 'detached', timeout: 9_000 });
    await page.context().close();
  });

  it("shows the spec's fallback settings in the footer, not an error, when settings cannot be loaded at all", async () => {
    const page = await newPage(browser);
    let calls = 0;
    await page.route('**/api/settings/website', (route) => {
      calls++;
      return route.fulfill({ status: 500, body: '{}' });
    });
    // A page the browser draws (public pages come with the server's settings, ADR 021).
    await page.goto('/en/login');
    const footer = page.getByTestId('footer');
    await footer.waitFor();
    // The fallback object's name (spec 3), and the contact page where it has no contact data.
    await expect.poll(() => footer.getByTestId('footer-brand').textContent()).toBe('أستاذ');
    expect(await footer.getByRole('alert').count()).toBe(0);
    expect(await page.getByTestId('footer-contact').getByRole('link', { name: 'Contact us' }).count()).toBe(1);
    expect(calls).toBe(2);
    await page.context().close();
  });
});

describe('screenshots', () => {
  it('captures home in both languages on desktop and a 375 px phone', async () => {
    for (const lang of ['ar', 'en'] as const) {
      for (const [device, viewport] of [
        ['desktop', { width: 1366, height: 900 }],
        ['mobile', { width: 375, height: 812 }],
      ] as const) {
        const page = await open(`/${lang}`, { viewport });
        await page.evaluate(() => document.fonts.ready);
        await screenshot(page, `home-${lang}-${device}`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.context().close();
      }
    }
  });
});
