import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { websiteSettings } from '../db/schema.ts';
import { INITIAL_SETTINGS } from '../modules/settings/settings.service.ts';
import { useWebDistApp } from '../test/web-dist.ts';

describe('serving the web app', () => {
  // An older build's robots.txt must not shadow the one the server writes (modules/seo).
  const { t } = useWebDistApp({
    'robots.txt': 'User-agent: *\nDisallow: /\n',
    'images/hero/slide-1-400.avif': 'avif',
    'icons/icon-192.png': 'png',
    'offline.html': '<p>offline</p>',
  });

  beforeAll(async () => {
    await t.database.db.insert(websiteSettings).values({
      ...INITIAL_SETTINGS,
      defaultTitle: 'Ustaz <Test> & "Co"',
      headerScripts: '<script>window.__head = 1</script>',
      footerScripts: '<script src="https://example.com/widget.js"></script><script>var x = "$&$$$\'";</script>',
    });
  });

  it('sets <html lang dir> from the first path segment', async () => {
    const ar = await t.app.inject({ url: '/ar/teachers' });
    expect(ar.statusCode).toBe(200);
    expect(ar.headers['content-type']).toContain('text/html');
    expect(ar.body).toContain('<html lang="ar" dir="rtl">');
    const en = await t.app.inject({ url: '/en/about?x=1' });
    expect(en.body).toContain('<html lang="en" dir="ltr">');
    expect(en.body).toContain('href="/locales/en/common.json"');
  });

  it('serves the robots.txt the server writes, not a built file', async () => {
    const robots = await t.app.inject({ url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Sitemap: http://ustaz.test/sitemap.xml');
    expect(robots.body).not.toMatch(/^Disallow: \/$/m);
  });

  it('writes the escaped default title and the custom scripts, every script with the CSP nonce', async () => {
    const res = await t.app.inject({ url: '/en' });
    const csp = String(res.headers['content-security-policy']);
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("'strict-dynamic'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.body).toContain('<title>Ustaz &#60;Test&#62; &#38; &#34;Co&#34;</title>');
    expect(res.body).not.toContain('placeholder');
    const scripts = res.body.match(/<script\b[^>]*>/g) ?? [];
    // The entry, the custom header script, the two footer ones and the home page's JSON-LD block.
    expect(scripts).toHaveLength(5);
    // `$` patterns in scripts are kept as written, not expanded by String.replace.
    expect(res.body).toContain('var x = "$&$$$\'";');
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(res.body.indexOf('window.__head')).toBeLessThan(res.body.indexOf('</head>'));
    expect(res.body.indexOf('widget.js')).toBeGreaterThan(res.body.indexOf('<body>'));
    // A new nonce for every page.
    const again = await t.app.inject({ url: '/en' });
    expect(String(again.headers['content-security-policy'])).not.toContain(nonce);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it("paints the settings' colours first, and writes only #rrggbb values into CSS", async () => {
    const res = await t.app.inject({ url: '/en' });
    expect(res.body).toContain(`--color-primary:${INITIAL_SETTINGS.primaryColor}`);
    expect(res.body).toContain(`--color-secondary:${INITIAL_SETTINGS.secondaryColor}`);
    expect(res.body.indexOf('--color-primary:')).toBeLessThan(res.body.indexOf('</head>'));

    const [hostile] = await t.database.db
      .insert(websiteSettings)
      .values({ ...INITIAL_SETTINGS, primaryColor: 'red}body{display:none', secondaryColor: '#0F766E' })
      .returning();
    const after = await t.app.inject({ url: '/en' });
    expect(after.body).not.toMatch(/<style>[^<]*display:none/);
    expect(after.body).not.toContain('--color-primary:');
    expect(after.body).toContain('--color-secondary:#0F766E');
    // Put the page's settings back for the other tests.
    if (hostile) await t.database.db.delete(websiteSettings).where(eq(websiteSettings.id, hostile.id));
  });

  it("writes the settings' description, keywords, og:image and favicon, a language's fallback for an empty field, and follows a change", async () => {
    const [branded] = await t.database.db
      .insert(websiteSettings)
      .values({
        ...INITIAL_SETTINGS,
        appName: 'Brand <X>',
        appNameEn: null,
        defaultTitle: 'Brand title',
        defaultDescription: '',
        defaultKeywords: 'a, "b"',
        defaultOgImage: 'https://cdn.example.com/og.png?a=1&b=2',
        faviconUrl: 'https://cdn.example.com/icon.png',
      })
      .returning();
    const en = await t.app.inject({ url: '/en' });
    expect(en.body).toContain('<title>Brand title</title>');
    expect(en.body).toContain('<meta name="keywords" content="a, &#34;b&#34;" />');
    expect(en.body).toContain('<meta property="og:image" content="https://cdn.example.com/og.png?a=1&#38;b=2" />');
    expect(en.body).toContain('<meta property="og:site_name" content="Brand &#60;X&#62;" />');
    expect(en.body).toContain('<link rel="icon" href="https://cdn.example.com/icon.png" />');
    expect(en.body.match(/rel="icon"/g)).toHaveLength(1);
    // The empty description takes the page language's fallback.
    expect(en.body).toContain('<meta name="description" content="Ustaz is a Kuwaiti online tutoring marketplace');
    const ar = await t.app.inject({ url: '/ar' });
    expect(ar.body).toContain('<meta name="description" content="أستاذ منصة كويتية');
    // An admin save bumps the version: the cached head is not reused.
    if (!branded) throw new Error('no row');
    await t.database.db
      .update(websiteSettings)
      .set({ defaultTitle: 'Brand title 2', version: branded.version + 1 })
      .where(eq(websiteSettings.id, branded.id));
    expect((await t.app.inject({ url: '/en' })).body).toContain('<title>Brand title 2</title>');
    await t.database.db.delete(websiteSettings).where(eq(websiteSettings.id, branded.id));
  });

  it('serves hashed assets precompressed with immutable caching', async () => {
    const res = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const locale = await t.app.inject({ url: '/locales/ar/common.json' });
    expect(locale.statusCode).toBe(200);
    expect(locale.headers['cache-control']).toBe('public, no-cache');
  });

  it('issue 30 item 21: serves the pictures and icons with a month of caching; the rest of public/ revalidates', async () => {
    for (const url of ['/images/hero/slide-1-400.avif', '/icons/icon-192.png']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('public, max-age=2592000, stale-while-revalidate=86400');
    }
    const offline = await t.app.inject({ url: '/offline.html' });
    expect(offline.statusCode).toBe(200);
    expect(offline.headers['cache-control']).toBe('public, no-cache');
  });

  it('answers unknown pages with the app and a 404 status', async () => {
    const missing = await t.app.inject({ url: '/en/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<html lang="en" dir="ltr">');
    expect((await t.app.inject({ url: '/ar/payment/success?x=1' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/ar/teachers/42/extra' })).statusCode).toBe(404);
    // Unprefixed paths are redirects, not errors.
    expect((await t.app.inject({ url: '/teachers' })).statusCode).toBe(302);
  });

  it('answers 404 for missing files and API routes instead of the page', async () => {
    const asset = await t.app.inject({ url: '/assets/missing.js' });
    expect(asset.statusCode).toBe(404);
    expect(asset.json()).toMatchObject({ code: 'notFound' });
    const api = await t.app.inject({ url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    const post = await t.app.inject({ method: 'POST', url: '/ar/teachers' });
    expect(post.statusCode).toBe(404);
  });
});
