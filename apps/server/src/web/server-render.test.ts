import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { rawQueryOf } from '../db/client.ts';
import { useWebDistApp } from '../test/web-dist.ts';
import { RENDER_DEADLINE_MS } from './server-render.ts';
import { PUBLIC_PAGE_CACHE } from './web.routes.ts';

/**
 * A stand-in for the web build's server bundle (apps/web/src/entry-server.tsx): it reads the site's
 * settings through the fetch the server hands it, declines the login page, fails on a `boom` in its
 * address, never answers a `hang` one (the search page's `?q=` is read, so it reaches the render), and
 * writes what it was given into the HTML and the data block.
 */
const BUNDLE = `
let renders = 0;
export async function render(input) {
  renders += 1;
  if (input.url.includes('boom')) throw new Error('render failed');
  if (input.url.includes('hang')) return new Promise(() => {});
  if (input.url.startsWith('/en/login')) return null;
  const res = await input.apiFetch('/api/settings/website', { headers: { authorization: 'Bearer stolen' } });
  const settings = await res.json();
  const html = '<link rel="preload" as="image" href="/api/v1/files/x"/><main>Rendered ' + input.language + ' ' + input.url +
    ' for ' + settings.appName + ' (' + res.status + ')</main>';
  const data = JSON.stringify({ language: input.language, texts: Object.keys(input.texts), nonce: input.nonce, renders })
    .replace(/</g, '\\\\u003c');
  return { html, data, modules: input.url.includes('/teachers') ? ['src/features/teachers-list/teachers-list-page.tsx'] : [] };
}
`;

/** Rendered pages are sent again as they were for this long here (PAGE_CACHE_SECONDS, 30 by default). */
const PAGE_SECONDS = 2;

/** A page's policy header: its nonce tells one drawing of the page from another. */
const policy = (res: { headers: Record<string, unknown> }) => res.headers['content-security-policy'];

describe('server-rendered pages (ADR 021)', () => {
  // The browser build's manifest: the entry with its static chunk, and the teachers list's chunk,
  // which imports the shared chunk and one of its own.
  const manifest = {
    'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_react.js'] },
    '_react.js': { file: 'assets/react-r1.js' },
    '_cards.js': { file: 'assets/cards-c1.js', imports: ['_react.js'] },
    'src/features/teachers-list/teachers-list-page.tsx': {
      file: 'assets/teachers-list-page-t1.js',
      isDynamicEntry: true,
      imports: ['_react.js', '_cards.js'],
    },
  };
  const { t } = useWebDistApp(
    { '.vite/manifest.json': JSON.stringify(manifest) },
    { serverBundle: BUNDLE, config: { pageCacheSeconds: PAGE_SECONDS } },
  );

  /** Asks for `url` every 50 ms, 40 times at the most, until it is not the drawing `first` was. */
  async function drawnAnew(url: string, first: LightMyRequestResponse) {
    let res = first;
    for (let i = 0; i < 40 && policy(res) === policy(first); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      res = await t.app.inject({ url });
    }
    return res;
  }

  it("puts the bundle's HTML in #root, its data in a nonce'd JSON block, the preloads in the head, and lets caches keep it", async () => {
    const res = await t.app.inject({ url: '/ar/teachers?page=2' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="ar" dir="rtl">');
    // Rendered with the API's answer, reached in process.
    expect(res.body).toMatch(
      /<div id="root"><main>Rendered ar \/ar\/teachers\?page=2 for [^<]+ \(200\)<\/main><\/div>/,
    );
    const nonce = String(res.headers['content-security-policy']).match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    const block = res.body.match(/<script type="application\/json" id="ustaz-ssr" nonce="([^"]+)">([^<]*)<\/script>/);
    expect(block?.[1]).toBe(nonce);
    expect(JSON.parse(block?.[2] ?? '{}')).toEqual({
      language: 'ar',
      texts: ['common'],
      nonce,
      renders: expect.any(Number),
    });
    // React's image preload moved into the head; the locale file is inlined, not preloaded.
    expect(res.body.indexOf('<link rel="preload" as="image" href="/api/v1/files/x"/>')).toBeLessThan(
      res.body.indexOf('</head>'),
    );
    expect(res.body).not.toContain('/locales/ar/common.json');
    expect(res.headers['cache-control']).toBe(PUBLIC_PAGE_CACHE);
  });

  it('preloads the files of the rendered route that index.html does not link already', async () => {
    const res = await t.app.inject({ url: '/en/teachers' });
    const preloads = res.body.match(/<link rel="modulepreload" crossorigin href="[^"]+">/g);
    expect(preloads).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/teachers-list-page-t1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/cards-c1.js">',
    ]);
    expect(res.body.indexOf('cards-c1.js')).toBeLessThan(res.body.indexOf('</head>'));
    // The manifest itself is not served.
    expect((await t.app.inject({ url: '/.vite/manifest.json' })).statusCode).toBe(404);
  });

  it('reuses a render for the same page for a few seconds, waiting for one under way', async () => {
    const rendersOf = (body: string) => JSON.parse(body.match(/id="ustaz-ssr"[^>]*>([^<]*)</)?.[1] ?? '{}').renders;
    const [first, second] = await Promise.all([
      t.app.inject({ url: '/en/privacy' }),
      t.app.inject({ url: '/en/privacy' }),
    ]);
    const third = await t.app.inject({ url: '/en/privacy' });
    expect(rendersOf(second.body)).toBe(rendersOf(first.body));
    expect(rendersOf(third.body)).toBe(rendersOf(first.body));
    // Another page, or the same in the other language, is a render of its own.
    const other = await t.app.inject({ url: '/en/terms' });
    expect(rendersOf(other.body)).toBeGreaterThan(rendersOf(first.body));
    // Each response keeps its own nonce on the data block.
    expect(third.body).toContain(
      `nonce="${String(third.headers['content-security-policy']).match(/'nonce-([^']+)'/)?.[1]}">`,
    );
  });

  it('sends a rendered page again as it was for a few seconds, compressed once per encoding', async () => {
    const get = (encoding?: string) =>
      t.app.inject({ url: '/en/contact', headers: encoding ? { 'accept-encoding': encoding } : {} });
    const plain = await get();
    const [br, brAgain, gzip] = await Promise.all([get('gzip, deflate, br'), get('br'), get('gzip;q=1, br;q=0')]);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const res of [plain, br, brAgain, gzip]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(PUBLIC_PAGE_CACHE);
      expect(res.headers.vary).toContain('Accept-Encoding');
      // One response for everyone for a moment: the same nonce in the policy and on the data block.
      expect(res.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
    }
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(Buffer.compare(br.rawPayload, brAgain.rawPayload)).toBe(0);
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
    const nonce = String(plain.headers['content-security-policy']).match(/'nonce-([^']+)'/)?.[1];
    expect(plain.body).toContain(`id="ustaz-ssr" nonce="${nonce}"`);
  });

  it('once its few seconds are over, sends the page as it was while drawing it anew behind it', {
    timeout: 10_000,
  }, async () => {
    const first = await t.app.inject({ url: '/en/about-platform' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<main>Rendered en /en/about-platform');
    await new Promise((resolve) => setTimeout(resolve, PAGE_SECONDS * 1000 + 100));
    // Past its time: the same page at once (no visitor waits for the render)...
    const stale = await t.app.inject({ url: '/en/about-platform' });
    expect(policy(stale)).toBe(policy(first));
    // ...and the next requests get the page drawn behind it.
    const fresh = await drawnAnew('/en/about-platform', first);
    expect(policy(fresh)).not.toBe(policy(first));
    expect(fresh.body).toContain('<main>Rendered en /en/about-platform');
  });

  it('draws a kept page anew after a change to what public pages show (a subject added)', async () => {
    const first = await t.app.inject({ url: '/ar/about' });
    expect(policy(await t.app.inject({ url: '/ar/about' }))).toBe(policy(first));
    await rawQueryOf(t.database.db)('insert into subjects (name_ar, name_en) values ($1, $2)', [
      `مادة ${Date.now()}`,
      `Subject ${Date.now()}`,
    ]);
    // The change's notification reaches the listener (this process's or another's) within moments.
    const after = await drawnAnew('/ar/about', first);
    expect(policy(after)).not.toBe(policy(first));
    expect(after.body).toContain('<main>Rendered ar /ar/about');
  });

  it('serves the shell, not cacheable, for a page the bundle declines or fails on', async () => {
    for (const url of ['/en/login', '/en/search?q=boom']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('id="ustaz-ssr"');
      expect(res.body).toContain('href="/locales/en/common.json"');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves the shell when a render takes longer than its deadline', { timeout: 15_000 }, async () => {
    const started = Date.now();
    const res = await t.app.inject({ url: '/en/search?q=hang' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(Date.now() - started).toBeGreaterThanOrEqual(RENDER_DEADLINE_MS - 50);
    expect(Date.now() - started).toBeLessThan(RENDER_DEADLINE_MS + 3_000);
  });

  it('keeps a page by its path and the parameters it reads: utm_*, fbclid and unknown ones reuse it (issue 29)', async () => {
    const rendersOf = (body: string) => JSON.parse(body.match(/id="ustaz-ssr"[^>]*>([^<]*)</)?.[1] ?? '{}').renders;
    const first = await t.app.inject({ url: '/en/teachers?sortBy=rating&page=3' });
    expect(first.statusCode).toBe(200);
    // Drawn from its normalised address: the parameters it reads, sorted by name.
    expect(first.body).toContain('<main>Rendered en /en/teachers?page=3&sortBy=rating for');
    for (const url of [
      '/en/teachers?page=3&sortBy=rating',
      '/en/teachers?utm_source=news&page=3&fbclid=IwAR0x&sortBy=rating&utm_campaign=spring',
      '/en/teachers?sortBy=rating&gclid=1&page=3&anything=%3Cscript%3E',
    ]) {
      const again = await t.app.inject({ url });
      expect(again.statusCode, url).toBe(200);
      expect(policy(again), url).toBe(policy(first));
      expect(again.body, url).toBe(first.body);
      expect(again.headers['cache-control']).toBe(PUBLIC_PAGE_CACHE);
    }
    // A page that reads nothing is one page whatever its query; the parameters never reach its HTML.
    const about = await t.app.inject({ url: '/en/about-platform?utm_source=x&ref=evil' });
    expect(about.body).toContain('<main>Rendered en /en/about-platform for');
    expect(about.body).not.toMatch(/utm_source|evil/);
    expect(policy(await t.app.inject({ url: '/en/about-platform?fbclid=2' }))).toBe(policy(about));
    // A parameter the page reads is another page: its own render.
    const page4 = await t.app.inject({ url: '/en/teachers?page=4&sortBy=rating&utm_source=news' });
    expect(page4.body).toContain('<main>Rendered en /en/teachers?page=4&sortBy=rating for');
    expect(rendersOf(page4.body)).toBeGreaterThan(rendersOf(first.body));
    const searched = await t.app.inject({ url: '/en/search?q=math&utm_medium=mail' });
    expect(searched.body).toContain('<main>Rendered en /en/search?q=math for');
  });

  it('lets shared caches keep a page 10 s only (s-maxage: its nonce is not handed out for minutes)', async () => {
    const res = await t.app.inject({ url: '/en/terms' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60, s-maxage=10, stale-while-revalidate=30');
  });

  it('keeps a not-found page out of shared caches while drawing it', async () => {
    const res = await t.app.inject({ url: '/en/teachers/999999' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<main>Rendered en /en/teachers/999999');
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('without a server bundle', () => {
  const { t } = useWebDistApp({
    'assets/cairo-arabic-wght-normal-Ab12.woff2': 'a',
    'assets/cairo-latin-wght-normal-Cd34.woff2': 'l',
    'assets/cairo-latin-ext-wght-normal-Ef56.woff2': 'e',
  });

  it('serves the shell the browser draws, as before', async () => {
    const res = await t.app.inject({ url: '/ar/teachers' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('id="ustaz-ssr"');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it("preloads the Cairo subset of the page's language only", async () => {
    const preload = (href: string) =>
      `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin="anonymous" />`;
    const ar = (await t.app.inject({ url: '/ar' })).body;
    expect(ar).toContain(preload('/assets/cairo-arabic-wght-normal-Ab12.woff2'));
    expect(ar).not.toContain('cairo-latin');
    const en = (await t.app.inject({ url: '/en/about' })).body;
    expect(en).toContain(preload('/assets/cairo-latin-wght-normal-Cd34.woff2'));
    expect(en).not.toMatch(/cairo-(arabic|latin-ext)/);
    expect(en.indexOf('as="font"')).toBeLessThan(en.indexOf('</head>'));
  });
});
