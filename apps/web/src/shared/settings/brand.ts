import { appNameIn, type Language, type WebsiteSettings } from '@ustaz/contract';

export type Brand = { appName: string; logoUrl: string | null; faviconUrl: string | null };

/** An image address the page may show: http(s) or a path on this site; anything else is dropped. */
export function safeImageUrl(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return trimmed;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * The operator's brand from the website settings (spec 3): `appName`, `logoUrl`, `faviconUrl`.
 * The translated name stands in only while the settings field is empty (or not loaded). English
 * pages (`language` en) show the settings' English name when it is set (`appNameIn`).
 */
export function brandOf(settings: WebsiteSettings | undefined, translatedName: string, language: Language): Brand {
  return {
    appName: (settings && appNameIn(settings, language)) || translatedName,
    logoUrl: safeImageUrl(settings?.logoUrl),
    faviconUrl: safeImageUrl(settings?.faviconUrl),
  };
}

/** The part of every page's title after the page's own (spec 2): the settings' default title, else the app name. */
export function siteTitleOf(settings: WebsiteSettings | undefined, appName: string): string {
  return settings?.defaultTitle.trim() || appName;
}

/** Points the page's `<link rel=icon>` at the settings' favicon (one is added when the page has none). */
export function applyFavicon(doc: Document, href: string | null) {
  if (!href) return;
  let link = doc.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'icon';
    doc.head.appendChild(link);
  }
  if (link.getAttribute('href') !== href) {
    link.setAttribute('href', href);
    link.removeAttribute('type');
  }
}
