import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Teacher = { id: number; ratingCount: number; user: { firstName: string; lastName: string; photo: unknown } };

/** A seeded teacher with a photo and published reviews: what a share card shows best. */
async function ratedTeacher(lang: 'ar' | 'en'): Promise<Teacher> {
  // In the page's language: names come spelled for it where the teacher gave a spelling (ADR 020).
  const res = await fetch(`${baseUrl()}/api/teachers/search?limit=50&sortBy=averageRating&sortOrder=DESC`, {
    headers: { 'accept-language': lang },
  });
  const { data } = (await res.json()) as { data: Teacher[] };
  const teacher = data.find((t) => t.ratingCount > 0 && t.user.photo);
  if (!teacher) throw new Error('the seed has no rated teacher with a photo');
  return teacher;
}

const content = (page: Page, selector: string) => page.locator(selector).first().getAttribute('content');

describe('a shared teacher link, as a scraper without JavaScript sees it', () => {
  it.each(['en', 'ar'] as const)(
    '%s: title, description, Open Graph, Twitter card and JSON-LD are in the HTML',
    async (lang) => {
      const teacher = await ratedTeacher(lang);
      const page = await newPage(browser, { javaScriptEnabled: false });
      const res = await page.goto(`/${lang}/teachers/${teacher.id}`);
      expect(res?.status()).toBe(200);
      const name = `${teacher.user.firstName} ${teacher.user.lastName}`;
      expect(await page.title()).toContain(name);
      expect(await content(page, 'meta[property="og:title"]')).toContain(name);
      expect(await content(page, 'meta[property="og:type"]')).toBe('profile');
      expect(await content(page, 'meta[property="og:url"]')).toMatch(new RegExp(`/${lang}/teachers/${teacher.id}$`));
      expect(await content(page, 'meta[property="og:image"]')).toMatch(/^https?:\/\/.+\/api\/v1\/files\//);
      expect(await content(page, 'meta[property="og:locale"]')).toBe(lang === 'ar' ? 'ar_KW' : 'en_US');
      expect(await content(page, 'meta[name="twitter:card"]')).toBe('summary');
      const description = (await content(page, 'meta[name="description"]')) ?? '';
      // The rating in the language's digits: Arabic-Indic on the Arabic card.
      expect(description).toMatch(lang === 'ar' ? /التقييم [٠-٩]/ : /Rated \d/);
      expect(await page.locator('link[rel="alternate"][hreflang="x-default"]').getAttribute('href')).toMatch(
        new RegExp(`/ar/teachers/${teacher.id}$`),
      );
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      const person = blocks.map((text) => JSON.parse(text)).find((data) => data['@type'] === 'Person');
      expect(person.name).toBe(name);
      expect(typeof person.makesOffer.price).toBe('number');
      expect(person.makesOffer.priceCurrency).toBe('KWD');
      expect(person.makesOffer.itemOffered.aggregateRating.reviewCount).toBe(teacher.ratingCount);
      // The document is the app's shell, in the page's direction, before any script ran.
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      await page.context().close();
    },
  );

  it('an unknown teacher answers 404 and the sitemap lists the teacher in both languages', async () => {
    const missing = await fetch(`${baseUrl()}/en/teachers/999999999`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<meta name="robots" content="noindex" />');
    const teacher = await ratedTeacher('ar');
    const sitemap = await fetch(`${baseUrl()}/sitemap.xml`).then((res) => res.text());
    expect(sitemap).toMatch(new RegExp(`<loc>[^<]+/ar/teachers/${teacher.id}</loc>`));
    expect(sitemap).toMatch(new RegExp(`<loc>[^<]+/en/teachers/${teacher.id}</loc>`));
    expect(await fetch(`${baseUrl()}/robots.txt`).then((res) => res.text())).toMatch(/^Sitemap: .+\/sitemap\.xml$/m);
  });
});
