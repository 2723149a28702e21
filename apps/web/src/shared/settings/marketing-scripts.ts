import type { WebsiteSettings } from '@ustaz/contract';

/**
 * Loads the analytics, pixel and heat-map scripts whose ids are set in the settings, once each.
 * Custom header and footer scripts are written into the page by the server (with the page's
 * CSP nonce), so nothing here evaluates admin-provided HTML.
 */
type Win = Window & Record<string, unknown>;

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

function addScript(doc: Document, key: string, src: string) {
  if (doc.querySelector(`script[data-marketing="${key}"]`)) return;
  const script = doc.createElement('script');
  script.async = true;
  script.src = src;
  script.dataset.marketing = key;
  doc.head.appendChild(script);
}

function ensureFbq(win: Win) {
  if (typeof win.fbq === 'function') return win.fbq as (...args: unknown[]) => void;
  const queue: unknown[][] = [];
  const fbq = Object.assign((...args: unknown[]) => void queue.push(args), { queue, loaded: true, version: '2.0' });
  win.fbq = fbq;
  win._fbq = fbq;
  return fbq;
}

/** The ids already applied to each document: pixels are initialised once, not on every refetch. */
const applied = new WeakMap<Document, string>();

export function injectMarketingScripts(settings: WebsiteSettings, doc: Document = document): string[] {
  const win = doc.defaultView as Win | null;
  if (!win) return [];
  const key = JSON.stringify([
    settings.googleAnalyticsId,
    settings.facebookPixelId,
    settings.instagramPixelId,
    settings.tiktokPixelId,
    settings.hotjarId,
  ]);
  if (applied.get(doc) === key) return [];
  applied.set(doc, key);
  const injected: string[] = [];
  const id = (value: string | null) => (value && SAFE_ID.test(value.trim()) ? value.trim() : null);

  const ga = id(settings.googleAnalyticsId);
  if (ga) {
    const dataLayer = (win.dataLayer as unknown[] | undefined) ?? [];
    win.dataLayer = dataLayer;
    win.gtag ??= function gtag() {
      // gtag expects the arguments object itself.
      // biome-ignore lint/complexity/noArguments: the gtag protocol pushes `arguments`.
      dataLayer.push(arguments);
    };
    (win.gtag as (...args: unknown[]) => void)('js', new Date());
    (win.gtag as (...args: unknown[]) => void)('config', ga);
    addScript(doc, `ga-${ga}`, `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(ga)}`);
    injected.push('googleAnalytics');
  }

  const pixels = [id(settings.facebookPixelId), id(settings.instagramPixelId)].filter((p): p is string => !!p);
  if (pixels.length > 0) {
    const fbq = ensureFbq(win);
    for (const pixel of new Set(pixels)) fbq('init', pixel);
    fbq('track', 'PageView');
    addScript(doc, 'facebook-pixel', 'https://connect.facebook.net/en_US/fbevents.js');
    if (id(settings.facebookPixelId)) injected.push('facebookPixel');
    if (id(settings.instagramPixelId)) injected.push('instagramPixel');
  }

  const tiktok = id(settings.tiktokPixelId);
  if (tiktok) {
    const ttq = (win.ttq as unknown[] | undefined) ?? [];
    win.ttq = ttq;
    addScript(
      doc,
      `tiktok-${tiktok}`,
      `https://analytics.tiktok.com/i18n/pixel/events.js?sdkid=${encodeURIComponent(tiktok)}&lib=ttq`,
    );
    injected.push('tiktokPixel');
  }

  const hotjar = id(settings.hotjarId);
  if (hotjar && /^\d+$/.test(hotjar)) {
    win.hj ??= (...args: unknown[]) => {
      const hj = win.hj as { q?: unknown[] };
      hj.q = hj.q ?? [];
      hj.q.push(args);
    };
    win._hjSettings = { hjid: Number(hotjar), hjsv: 6 };
    addScript(doc, `hotjar-${hotjar}`, `https://static.hotjar.com/c/hotjar-${hotjar}.js?sv=6`);
    injected.push('hotjar');
  }
  return injected;
}
