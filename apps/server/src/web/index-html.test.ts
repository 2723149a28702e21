import { FALLBACK_WEBSITE_SETTINGS } from '@ustaz/contract/settings-defaults';
import { describe, expect, it } from 'vitest';
import { inlineStylesheetOf, renderIndexHtml } from './index-html.ts';
import type { PageHead } from './page-head.ts';

/** ADR 038: a page made of islands boots the islands for a guest and the app for a stored session. */
const TEMPLATE = `<!doctype html><html lang="ar" dir="rtl"><head><title>x</title>
<script type="module" crossorigin src="/assets/index-APP.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-R.js">
<link rel="stylesheet" crossorigin href="/assets/index-C.css">
</head><body><div id="root"></div></body></html>`;

const HEAD: PageHead = {
  title: 't',
  description: 'd',
  canonicalUrl: null,
  alternates: [],
  ogType: 'website',
  image: null,
  twitterCard: 'summary',
  robots: null,
  jsonLd: [],
};

function page(islands?: { entry: string; preload: string[] }) {
  return renderIndexHtml({
    template: TEMPLATE,
    lang: 'en',
    head: HEAD,
    nonce: 'N0NCE',
    settings: FALLBACK_WEBSITE_SETTINGS,
    app: { html: '<p>hi</p>', data: '{}', preload: ['/assets/home-H.js'], islands },
  });
}

describe('the islands boot (ADR 038)', () => {
  it('swaps the app entry and its preloads for a boot script with the nonce that preloads the islands after the first paint', () => {
    const html = page({ entry: '/assets/islands-I.js', preload: ['/assets/islands-I.js', '/assets/react-R2.js'] });
    expect(html).not.toContain('<script type="module" crossorigin src="/assets/index-APP.js">');
    expect(html).not.toContain('href="/assets/home-H.js"');
    // No preload in the page itself: they would share a slow network with the HTML and its font.
    expect(html).not.toContain('modulepreload" crossorigin href');
    const boot = html.match(/<script type="module" nonce="N0NCE">([^<]*)<\/script>/)?.[1];
    expect(boot).toBeDefined();
    // The stylesheet stays.
    expect(html).toContain('href="/assets/index-C.css"');
    // The boot script, run against a storage with and without a session, a paint observer and timers.
    const imported: string[] = [];
    const appended: Record<string, string>[] = [];
    let observers: ((list: { getEntriesByName: (name: string) => unknown[] }) => void)[] = [];
    let timers: { ms: number; run: () => void }[] = [];
    const run = (stored: Record<string, string>) => {
      const storage = { getItem: (key: string) => stored[key] ?? null };
      const document = {
        createElement: () => ({}),
        head: { append: (link: Record<string, string>) => appended.push({ ...link }) },
      };
      class PerformanceObserver {
        constructor(callback: (typeof observers)[number]) {
          observers.push(callback);
        }
        observe(options: unknown) {
          expect(options).toEqual({ type: 'paint', buffered: true });
        }
      }
      new Function(
        'localStorage',
        'sessionStorage',
        'load',
        'document',
        'PerformanceObserver',
        'setTimeout',
        String(boot).replaceAll('import(', 'load('),
      )(
        storage,
        { getItem: () => null },
        (file: string) => imported.push(file),
        document,
        PerformanceObserver,
        (callback: () => void, ms: number) => timers.push({ ms, run: callback }),
      );
    };
    const paint = (name: string) => {
      for (const observer of observers) observer({ getEntriesByName: (n) => (n === name ? [{}] : []) });
    };
    // A session: the app at once, nothing waits.
    run({ refreshToken: 'r' });
    run({ authToken: 'a' });
    expect(imported).toEqual(['/assets/index-APP.js', '/assets/index-APP.js']);
    expect([observers.length, timers.length, appended.length]).toEqual([0, 0, 0]);
    // A guest: nothing until the first contentful paint, then the preloads (with the nonce) and the islands, once.
    run({});
    expect(imported).toHaveLength(2);
    expect(timers.map((timer) => timer.ms)).toEqual([1000]);
    paint('first-paint');
    expect(imported).toHaveLength(2);
    paint('first-contentful-paint');
    for (const timer of timers) timer.run();
    expect(imported).toEqual(['/assets/index-APP.js', '/assets/index-APP.js', '/assets/islands-I.js']);
    expect(appended).toEqual([
      { rel: 'modulepreload', crossOrigin: '', nonce: 'N0NCE', href: '/assets/islands-I.js' },
      { rel: 'modulepreload', crossOrigin: '', nonce: 'N0NCE', href: '/assets/react-R2.js' },
    ]);
    // Without a paint (a hidden tab), the timer loads them.
    observers = [];
    timers = [];
    run({});
    for (const timer of timers) timer.run();
    expect(imported.at(-1)).toBe('/assets/islands-I.js');
    expect(imported).toHaveLength(4);
  });

  it('leaves a page without islands as before: the app entry and the route preloads', () => {
    const html = page();
    expect(html).toContain('src="/assets/index-APP.js"');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/home-H.js">');
    expect(html).not.toContain('islands');
  });
});

describe('the stylesheet in a drawn page (ADR 038 "Critical CSS")', () => {
  const CSS = '@font-face{src:url(/assets/cairo-A.woff2)}.a{background:url("data:image/svg+xml,x")}:root{--c:red}';
  const read = (text: string) => (href: string) => (href === '/assets/index-C.css' ? text : undefined);

  it('writes the built stylesheet into a drawn page in place of its link; the shell keeps the link', () => {
    const stylesheet = inlineStylesheetOf(TEMPLATE, read(CSS));
    expect(stylesheet).toEqual({
      tag: '<link rel="stylesheet" crossorigin href="/assets/index-C.css">',
      href: '/assets/index-C.css',
      css: CSS,
    });
    const drawn = renderIndexHtml({
      template: TEMPLATE,
      lang: 'ar',
      head: HEAD,
      nonce: 'N0NCE',
      settings: FALLBACK_WEBSITE_SETTINGS,
      app: { html: '<p>hi</p>', data: '{}', islands: { entry: '/assets/islands-I.js', preload: [] } },
      stylesheet,
    });
    expect(drawn).toContain(`<style data-href="/assets/index-C.css">${CSS}</style>`);
    expect(drawn).not.toContain('rel="stylesheet"');
    // Before the settings' brand colours, which must win over the stylesheet's defaults.
    expect(drawn.indexOf('data-href')).toBeLessThan(drawn.indexOf('--color-primary'));
    const shell = renderIndexHtml({
      template: TEMPLATE,
      lang: 'ar',
      head: HEAD,
      nonce: 'N',
      settings: FALLBACK_WEBSITE_SETTINGS,
      stylesheet,
    });
    expect(shell).toContain('<link rel="stylesheet" crossorigin href="/assets/index-C.css">');
    expect(shell).not.toContain('<style data-href');
  });

  it('keeps the link when the text could not stand in the page', () => {
    // Something that closes the style element; a relative url() (it would resolve against the page's path).
    expect(inlineStylesheetOf(TEMPLATE, read('.a{}</style><script>x</script>'))).toBeUndefined();
    expect(inlineStylesheetOf(TEMPLATE, read('.a{}</STYLE >'))).toBeUndefined();
    expect(inlineStylesheetOf(TEMPLATE, read('@font-face{src:url(cairo.woff2)}'))).toBeUndefined();
    expect(inlineStylesheetOf(TEMPLATE, read("@font-face{src:url('./cairo.woff2')}"))).toBeUndefined();
    expect(inlineStylesheetOf(TEMPLATE, read('.a{background:url(//cdn.example/x.png)}'))).toBeUndefined();
    expect(inlineStylesheetOf(TEMPLATE, read(`.a{background:url("it's.png")}`))).toBeUndefined();
    // A data: address may hold the other quote (index.css's stars).
    const stars = `.s{background:url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'%3E")}`;
    expect(inlineStylesheetOf(TEMPLATE, read(stars))?.css).toBe(stars);
    // No file; two stylesheets; none.
    expect(inlineStylesheetOf(TEMPLATE, () => undefined)).toBeUndefined();
    const two = TEMPLATE.replace('</head>', '<link rel="stylesheet" href="/assets/other-D.css"></head>');
    expect(inlineStylesheetOf(two, read(CSS))).toBeUndefined();
    expect(inlineStylesheetOf(TEMPLATE.replace(/<link rel="stylesheet"[^>]*>/, ''), read(CSS))).toBeUndefined();
  });
});
