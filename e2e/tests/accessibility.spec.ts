import { AxeBuilder } from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PAGES = [
  '',
  '/privacy',
  '/contact',
  '/about-platform',
  '/no-such-page',
  '/login',
  '/register',
  '/forgot-password',
];

describe('accessibility (axe, WCAG 2.1 A and AA)', () => {
  for (const lang of ['ar', 'en'] as const) {
    it.each(PAGES)(`/${lang}%s has no violations`, async (path) => {
      const page = await newPage(browser);
      await page.goto(`/${lang}${path}`);
      await page.getByTestId('footer-contact').getByRole('link').first().waitFor();
      await page.locator('main h1').first().waitFor();
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const violations = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(results.passes.length).toBeGreaterThan(10);
      expect(violations).toEqual([]);
      await page.context().close();
    });
  }
});
