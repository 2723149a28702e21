import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import arHome from '../../../public/locales/ar/home.json';
import enHome from '../../../public/locales/en/home.json';
import { renderOnServer } from '../../entry-server-test-support.ts';
import { HERO_IMAGE_WIDTHS } from './hero-art.tsx';

const publicDir = path.resolve(import.meta.dirname, '../../../public');

/** The home page as the server draws it, every API call answering an empty list. */
async function homeHtml(language: 'ar' | 'en') {
  const out = await renderOnServer({
    url: `/${language}`,
    language,
    apiFetch: async (url) =>
      Response.json(url.includes('reviews') ? [] : { data: [], total: 0, page: 1, limit: 10, totalPages: 0 }),
  });
  if (!out) throw new Error('the home page was not server-rendered');
  return new DOMParser().parseFromString(out.html, 'text/html');
}

describe("the hero's pictures (issue 30 item 21)", () => {
  it.each([
    ['ar', arHome],
    ['en', enHome],
  ] as const)(
    '%s: each slide has a sized AVIF/WebP/JPEG picture with its alt text; only the first loads at once',
    async (language, home) => {
      const page = await homeHtml(language);
      const slides = [...page.querySelectorAll('[data-testid="hero-slide"]')];
      expect(slides).toHaveLength(3);
      slides.forEach((slide, index) => {
        const picture = slide.querySelector('picture');
        const sources = [...(picture?.querySelectorAll('source') ?? [])];
        expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
        const img = picture?.querySelector('img');
        expect(img?.getAttribute('alt')).toBe(home.hero.slides[index]?.imageAlt);
        expect(img?.getAttribute('alt')).not.toBe('');
        expect([img?.getAttribute('width'), img?.getAttribute('height')]).toEqual(['640', '480']);
        for (const element of [...sources, img]) {
          expect(element?.getAttribute('sizes')).toMatch(/min-width: 768px/);
          const candidates = (element?.getAttribute('srcset') ?? '').split(', ');
          expect(candidates.map((candidate) => candidate.split(' ')[1])).toEqual(HERO_IMAGE_WIDTHS.map((w) => `${w}w`));
          // Every file named is in public/ (scripts/hero-images.mjs made it).
          for (const candidate of candidates)
            expect(existsSync(path.join(publicDir, candidate.split(' ')[0] ?? ''))).toBe(true);
        }
        expect(img?.getAttribute('loading')).toBe(index === 0 ? 'eager' : 'lazy');
        expect(img?.getAttribute('fetchpriority')).toBe(index === 0 ? 'high' : 'low');
      });
    },
  );

  it.each(['ar', 'en'] as const)(
    '%s: a phone shows each picture too, compact under the text (12rem, the 400w file), not a hidden 1px one',
    async (language) => {
      const page = await homeHtml(language);
      const pictures = [...page.querySelectorAll('[data-testid="hero-slide"] picture')];
      expect(pictures).toHaveLength(3);
      for (const picture of pictures) {
        const classes = (picture.getAttribute('class') ?? '').split(/\s+/);
        // Shown from the smallest screen: no `hidden` below a breakpoint, a compact width there.
        expect(classes.filter((name) => name === 'hidden' || name.endsWith(':block'))).toEqual([]);
        expect(classes).toContain('max-w-48');
        for (const element of picture.querySelectorAll('source, img')) {
          const sizes = element.getAttribute('sizes') ?? '';
          expect(sizes).not.toMatch(/\b1px\b/);
          // The last size (no media condition) is the phone's: 12rem (192 CSS px) takes the 400w file at 2x.
          expect(sizes.split(', ').at(-1)).toBe('12rem');
        }
      }
    },
  );
});
