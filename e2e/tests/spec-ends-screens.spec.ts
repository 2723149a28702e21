import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { api, DEMO_STUDENT, DEMO_TEACHER, logInApi, signInContext } from '../support/lessons.ts';

/**
 * Issue 30 items 21 and 25 in Chromium: the hero's first picture is loaded as AVIF at once on a
 * desktop (the others wait) and shown compact on a phone, and the chat header's card of the other party is drawn from
 * GET /api/v1/auth/users/{id}, in English on a desktop and in Arabic on a phone.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 390, height: 844 }, locale: 'ar-KW', isMobile: true };

describe('the hero pictures', () => {
  it('en desktop: the first slide’s picture is an AVIF chosen by width, loaded; the next ones are lazy', async () => {
    const page = await newPage(browser, DESKTOP);
    await page.goto('/en');
    const first = page.getByTestId('hero-picture').first();
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const chosen = await first.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(chosen).toMatch(/\/images\/hero\/slide-1-(640|960)\.avif$/);
    expect(await page.getByTestId('hero-picture').nth(1).getAttribute('loading')).toBe('lazy');
    await screenshot(page, 'hero-picture-en');
    await page.context().close();
  });

  it('ar phone: the hero reads right to left, its picture shown compact under the text (the 400w file)', async () => {
    const page = await newPage(browser, PHONE);
    await page.goto('/ar');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const first = page.getByTestId('hero-picture').first();
    await first.scrollIntoViewIfNeeded();
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await first.isVisible()).toBe(true);
    expect(await first.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
      /\/images\/hero\/slide-1-400\.avif$/,
    );
    // Compact (12rem wide), below the slide's button: the text keeps the slide's width.
    const box = await first.boundingBox();
    const button = await page.getByTestId('hero-slide').first().getByRole('link').boundingBox();
    expect(box?.width).toBe(192);
    expect((box?.y ?? 0) >= (button?.y ?? 0) + (button?.height ?? 0)).toBe(true);
    await screenshot(page, 'hero-ar-phone');
    await page.context().close();
  });
});

describe("the chat header's card", () => {
  it('shows the other party from their profile, in each language', async () => {
    const base = baseUrl();
    const student = await logInApi(base, DEMO_STUDENT);
    const teacher = await api<{ id: number; firstName: string }>(
      base,
      '/api/v1/auth/me',
      (await logInApi(base, DEMO_TEACHER)).token,
    );
    for (const [options, language, shot] of [
      [DESKTOP, 'en', 'chat-partner-card-en'],
      [PHONE, 'ar', 'chat-partner-card-ar'],
    ] as const) {
      const page = await newPage(browser, options);
      await signInContext(page, student);
      const profile = page.waitForResponse((res) => res.url().endsWith(`/api/v1/auth/users/${teacher.id}`));
      await page.goto(`/${language}/chats/${teacher.id}`);
      const answer = (await (await profile).json()) as { firstName: string; lastName: string };
      const card = page.getByTestId('chat-partner-card');
      await expect.poll(() => card.getByRole('heading').textContent()).toBe(`${answer.firstName} ${answer.lastName}`);
      await screenshot(page, shot);
      await page.context().close();
    }
  });
});
