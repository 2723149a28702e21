import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The texts (and controls) of teacher cards and of the footer whose boxes intersect the WhatsApp
 * button's box where the page stands now.
 */
function coveredTexts(page: Page) {
  return page.evaluate(() => {
    const button = document.querySelector('[data-testid="whatsapp-button"]')?.getBoundingClientRect();
    if (!button) return ['no button'];
    const covered: string[] = [];
    const scope = document.querySelectorAll('[data-testid="teacher-card"], [data-testid="footer"]');
    for (const root of scope) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // Text for screen readers only (a 1 px clipped box) is not seen.
        if (!node.textContent?.trim() || node.parentElement?.closest('.sr-only')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const box of range.getClientRects()) {
          const overlaps =
            box.left < button.right && box.right > button.left && box.top < button.bottom && box.bottom > button.top;
          if (overlaps) covered.push(node.textContent.trim());
        }
      }
    }
    return covered;
  });
}

describe('the WhatsApp button on a phone (issue 30 item 19)', () => {
  it.each([
    ['ar', '/ar/search'],
    ['en', '/en/teachers'],
  ])('%s: %s, scrolled through, covers no card or footer text', async (language, path) => {
    const page = await newPage(browser, { viewport: { width: 390, height: 844 }, locale: language });
    await page.goto(path);
    await page.getByTestId('teacher-card').first().waitFor();
    await page.getByTestId('footer').waitFor();
    await screenshot(page, `whatsapp-${language}-top`);
    const found: Record<number, string[]> = {};
    const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    for (let y = 0; y <= height + 200; y += 211) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(50);
      const covered = await coveredTexts(page);
      if (covered.length > 0) found[y] = covered;
    }
    await screenshot(page, `whatsapp-${language}-end`);
    expect(found).toEqual({});
    await page.context().close();
  });
});
