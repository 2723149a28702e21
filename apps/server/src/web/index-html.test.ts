import { FALLBACK_WEBSITE_SETTINGS } from '@ustaz/contract/settings-defaults';
import { describe, expect, it } from 'vitest';
import { renderIndexHtml } from './index-html.ts';
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
  it('swaps the app entry and its preloads for the islands preloads and a boot script with the nonce', () => {
    const html = page({ entry: '/assets/islands-I.js', preload: ['/assets/islands-I.js', '/assets/react-R2.js'] });
    expect(html).not.toContain('<script type="module" crossorigin src="/assets/index-APP.js">');
    expect(html).not.toContain('href="/assets/home-H.js"');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/islands-I.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/react-R2.js">');
    const boot = html.match(/<script type="module" nonce="N0NCE">([^<]*)<\/script>/)?.[1];
    expect(boot).toBeDefined();
    // The stylesheet stays.
    expect(html).toContain('href="/assets/index-C.css"');
    // The boot script, run against a storage with and without a session.
    const imported: string[] = [];
    const run = (stored: Record<string, string>) => {
      const storage = { getItem: (key: string) => stored[key] ?? null };
      new Function('localStorage', 'sessionStorage', 'load', String(boot).replace('import(', 'load('))(
        storage,
        { getItem: () => null },
        (file: string) => imported.push(file),
      );
    };
    run({});
    run({ refreshToken: 'r' });
    run({ authToken: 'a' });
    expect(imported).toEqual(['/assets/islands-I.js', '/assets/index-APP.js', '/assets/index-APP.js']);
  });

  it('leaves a page without islands as before: the app entry and the route preloads', () => {
    const html = page();
    expect(html).toContain('src="/assets/index-APP.js"');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/home-H.js">');
    expect(html).not.toContain('islands');
  });
});
