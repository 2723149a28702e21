import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { websiteSettings } from '../db/schema.ts';
import { INITIAL_SETTINGS } from '../modules/settings/settings.service.ts';
import { useWebDistApp } from '../test/web-dist.ts';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/public');

/** The installable app (issue 19): the manifest per language, the head's links, the service worker's own policy. */
describe('installable web app', () => {
  const worker = readFileSync(path.join(publicDir, 'sw.js'), 'utf8');
  const { t } = useWebDistApp({
    'sw.js': worker,
    // The build precompresses every file: the brotli copy is what a browser gets.
    'sw.js.br': brotliCompressSync(worker),
    'offline.html': readFileSync(path.join(publicDir, 'offline.html'), 'utf8'),
  });

  beforeAll(async () => {
    await t.database.db.insert(websiteSettings).values({ ...INITIAL_SETTINGS, appName: '', primaryColor: '#0f766e' });
  });

  it('serves a manifest per language with the names, icons, theme colour, dir and lang', async () => {
    const ar = await t.app.inject({ url: '/manifest.webmanifest' });
    expect(ar.statusCode).toBe(200);
    expect(ar.headers['content-type']).toContain('application/manifest+json');
    expect(ar.json()).toMatchObject({
      id: '/',
      name: 'أستاذ',
      short_name: 'أستاذ',
      lang: 'ar-KW',
      dir: 'rtl',
      start_url: '/ar',
      scope: '/',
      display: 'standalone',
      theme_color: '#0f766e',
      background_color: '#ffffff',
    });
    const en = (await t.app.inject({ url: '/manifest.webmanifest?lang=en' })).json();
    expect(en).toMatchObject({ name: 'Ustaz', lang: 'en', dir: 'ltr', start_url: '/en', theme_color: '#0f766e' });
    const icons = en.icons as { src: string; sizes: string; purpose: string }[];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    // The icons are committed, real PNGs of their stated size.
    for (const icon of icons) {
      const png = readFileSync(path.join(publicDir, icon.src));
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
    }
  });

  it("links the page language's manifest and the home-screen icon from the head", async () => {
    const en = await t.app.inject({ url: '/en/teachers' });
    expect(en.body).toContain('<link rel="manifest" href="/manifest.webmanifest?lang=en" />');
    expect(en.body).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />');
    // The page may register its worker: 'strict-dynamic' would otherwise leave worker scripts no source.
    expect(String(en.headers['content-security-policy'])).toContain("worker-src 'self'");
    const ar = await t.app.inject({ url: '/ar' });
    expect(ar.body).toContain('<link rel="manifest" href="/manifest.webmanifest?lang=ar" />');
  });

  it('serves the service worker at the root, revalidated, under a policy that lets it fetch its own site', async () => {
    const sw = await t.app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-encoding']).toBe('br');
    expect(sw.headers['content-type']).toContain('javascript');
    expect(sw.headers['cache-control']).toBe('public, no-cache');
    expect(String(sw.headers['content-security-policy'])).toContain("connect-src 'self'");
    const offline = await t.app.inject({ url: '/offline.html' });
    expect(offline.statusCode).toBe(200);
    for (const section of ['ar-offline', 'ar-down', 'en-offline', 'en-down']) {
      expect(offline.body).toContain(`data-offline="${section}"`);
    }
    expect(String(offline.headers['content-security-policy'])).toContain("style-src 'unsafe-inline'");
  });
});
