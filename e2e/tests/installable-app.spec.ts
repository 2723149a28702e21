import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { startOwnServer } from '../support/own-server.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  dir: string;
  lang: string;
  theme_color: string;
  icons: { src: string; sizes: string; purpose: string }[];
};

/** Issue 19: the site installs (manifest and service worker), and shows its offline page without a network. */
describe('installable app', () => {
  it('links a valid manifest per language; Chromium finds nothing against installing it', async () => {
    const page = await newPage(browser, { locale: 'en-US' });
    await page.goto('/en');
    await page.getByTestId('footer').waitFor();
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest?lang=en');
    const manifest = (await (await page.request.get(href ?? '')).json()) as Manifest;
    expect(manifest).toMatchObject({ name: 'Ustaz', start_url: '/en', display: 'standalone', dir: 'ltr', lang: 'en' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) expect((await page.request.get(icon.src)).status()).toBe(200);
    const arabic = (await (await page.request.get('/manifest.webmanifest?lang=ar')).json()) as Manifest;
    expect(arabic).toMatchObject({ dir: 'rtl', start_url: '/ar' });
    expect(arabic.name).toMatch(/[\u0600-\u06FF]/);

    // The checks behind Lighthouse's installability audit, asked of Chromium itself once the worker controls the page.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page.getByTestId('footer').waitFor();
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // A throw-away browser context is an incognito profile, which never installs: that one is expected.
    expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
    await page.context().close();
  });

  it('registers the service worker, which serves the offline page in the page language with the network off', async () => {
    const page = await newPage(browser, { locale: 'ar-KW' });
    await page.goto('/ar');
    await page.getByTestId('footer').waitFor();
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe('/');
    // The home page was fetched through the worker once it controls the page, so it opens offline.
    await page.reload();
    await page.getByTestId('footer').waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await page.context().setOffline(true);
    await page.goto('/ar/about-platform');
    await page.locator('[data-offline="ar-offline"]').waitFor();
    expect(await page.locator('[data-offline="ar-offline"] h1').innerText()).toBe('لا يوجد اتصال بالإنترنت');
    // The page's language only, and the device's case only.
    expect(await page.locator('[data-offline]').count()).toBe(1);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'ar',
      'rtl',
    ]);
    await screenshot(page, 'installable-app-offline');
    await page.goto('/en/terms');
    await page.locator('[data-offline="en-offline"]').waitFor();
    expect(await page.locator('[data-offline]').count()).toBe(1);
    expect(await page.title()).toBe('You are offline');
    // A page visited before still opens from the worker's copy.
    await page.goto('/ar');
    await page.getByTestId('footer').waitFor();
    expect(await page.locator('[data-offline]').count()).toBe(0);
    await page.context().setOffline(false);
    await page.context().close();
  });

  it('tells a site that is down from a device that is offline, in the page language (a server of its own, stopped)', async () => {
    const server = await startOwnServer();
    let running = true;
    try {
      // An Arabic phone and an English desktop, each with the worker in control, while the site runs.
      const pages = [];
      for (const [language, viewport] of [
        ['ar', { width: 390, height: 844 }],
        ['en', { width: 1280, height: 800 }],
      ] as const) {
        const page = await newPage(browser, { baseURL: server.url, locale: language, viewport });
        await page.goto(`/${language}`);
        await page.getByTestId('footer').waitFor();
        await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
        await page.reload();
        await page.getByTestId('footer').waitFor();
        expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
        pages.push({ language, page });
      }
      await server.close();
      running = false;
      // The device is online; the site refuses the connection.
      for (const { language, page } of pages) {
        await page.goto(`/${language}/about-platform`);
        const section = page.locator(`[data-offline="${language}-down"]`);
        await section.waitFor();
        expect(await page.locator('[data-offline]').count()).toBe(1);
        expect(await section.locator('h1').innerText()).toBe(
          language === 'ar' ? 'الموقع لا يستجيب الآن' : 'The site is not answering',
        );
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
        await screenshot(page, `offline-server-down-${language}`);
        await page.context().close();
      }
    } finally {
      if (running) await server.close();
    }
  });
});
