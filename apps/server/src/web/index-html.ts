import { DEFAULT_LANGUAGE, directionOf, isLanguage, type Language, type WebsiteSettings } from '@ustaz/contract';

/** The language of a page path: its first segment when supported, else the default (ar). */
export function languageOfPath(pathname: string): Language {
  const first = pathname.split('/')[1] ?? '';
  return isLanguage(first) ? first : DEFAULT_LANGUAGE;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Gives every <script> in a piece of trusted HTML the response's CSP nonce. */
function addNonce(html: string, nonce: string): string {
  return html.replace(/<script\b(?![^>]*\bnonce=)/gi, `<script nonce="${nonce}"`);
}

type RenderInput = { template: string; pathname: string; nonce: string; settings: WebsiteSettings };

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/**
 * The site's colours from settings, over the stylesheet's defaults (index.css @theme), in the
 * first paint. Only `#rrggbb` values are written: nothing else from a settings row reaches CSS.
 */
function brandColors(settings: WebsiteSettings): string {
  const rules: string[] = [];
  for (const [name, value] of [
    ['primary', settings.primaryColor],
    ['secondary', settings.secondaryColor],
  ] as const) {
    if (!HEX_COLOR.test(value)) continue;
    rules.push(`--color-${name}:${value}`, `--color-${name}-hover:color-mix(in oklab,${value} 85%,black)`);
  }
  return rules.length > 0 ? `<style>:root{${rules.join(';')}}</style>` : '';
}

/** What the head says when a settings field is empty, per language (the spec's translated fallbacks). */
const HEAD_FALLBACKS: Record<Language, { appName: string; title: string; description: string; keywords: string }> = {
  ar: {
    appName: 'أستاذ',
    title: 'أستاذ | منصة الدروس الخصوصية',
    description: 'أستاذ منصة كويتية للدروس الخصوصية عبر الإنترنت: اعثر على معلمك واحجز حصتك.',
    keywords: 'دروس خصوصية, معلم, الكويت, تعليم عن بعد',
  },
  en: {
    appName: 'Ustaz',
    title: 'Ustaz | Online tutoring in Kuwait',
    description: 'Ustaz is a Kuwaiti online tutoring marketplace: find your teacher and book your lesson.',
    keywords: 'tutoring, private lessons, teacher, Kuwait, online learning',
  },
};

/** The page's own title, description and image; a field left out takes the settings' default. */
export type PageHeadOverrides = { title?: string; description?: string; ogImage?: string | null };

/**
 * The `<head>` elements a page gets from the website settings: title, description, keywords,
 * Open Graph, favicon, theme colour and brand colours, all HTML-escaped; an empty settings field
 * takes the language's fallback. Pure, so a server renderer can call it with a page's own values.
 */
export function renderHead(settings: WebsiteSettings, lang: Language, page: PageHeadOverrides = {}): string {
  const fallback = HEAD_FALLBACKS[lang];
  const appName = settings.appName.trim() || fallback.appName;
  const title = page.title?.trim() || settings.defaultTitle.trim() || fallback.title;
  const description = page.description?.trim() || settings.defaultDescription.trim() || fallback.description;
  const keywords = settings.defaultKeywords.trim() || fallback.keywords;
  const ogImage = page.ogImage ?? settings.defaultOgImage;
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<meta name="keywords" content="${escapeHtml(keywords)}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:site_name" content="${escapeHtml(appName)}" />`,
    `<meta property="og:locale" content="${lang === 'ar' ? 'ar_KW' : 'en_US'}" />`,
    ogImage ? `<meta property="og:image" content="${escapeHtml(ogImage)}" />` : '',
    settings.faviconUrl ? `<link rel="icon" href="${escapeHtml(settings.faviconUrl)}" />` : '',
    `<meta name="theme-color" content="${escapeHtml(settings.primaryColor)}" />`,
    brandColors(settings),
    `<link rel="preload" href="/locales/${lang}/common.json" as="fetch" crossorigin="anonymous" />`,
  ]
    .filter(Boolean)
    .join('\n    ');
}

/**
 * The settings' head per language, kept while the settings row stays the same: a new row, id or
 * version (every admin save bumps it) is a new key, so a change shows on the next page.
 */
const headCache = new Map<string, string>();
const HEAD_CACHE_MAX = 16;

export function cachedHead(settings: WebsiteSettings, lang: Language): string {
  const key = `${settings.id}:${settings.version}:${settings.updatedAt}:${lang}`;
  let head = headCache.get(key);
  if (head === undefined) {
    head = renderHead(settings, lang);
    if (headCache.size >= HEAD_CACHE_MAX) headCache.clear();
    headCache.set(key, head);
  }
  return head;
}

/**
 * Renders the SPA shell for one request: `<html lang dir>` from the path so the first paint is
 * already right to left for /ar, the head from settings (`cachedHead`), the admin's custom
 * header/footer scripts, and a nonce on every script.
 */
export function renderIndexHtml({ template, pathname, nonce, settings }: RenderInput): string {
  const lang = languageOfPath(pathname);
  const dir = directionOf(lang);
  const head = cachedHead(settings, lang);
  // Replacement functions, not strings: `$&` and friends in scripts must stay as written.
  let html = template
    .replace(/<html[^>]*>/i, () => `<html lang="${lang}" dir="${dir}">`)
    .replace(/<title>[\s\S]*?<\/title>/i, () => '');
  // The settings' favicon replaces the built one rather than competing with it.
  if (settings.faviconUrl) html = html.replace(/<link rel="icon"[^>]*>\s*/i, () => '');
  html = html.replace('</head>', () => `    ${head}\n  </head>`);
  return addNonce(html, nonce)
    .replace('</head>', () => `${addNonce(settings.customScripts.headerScripts, nonce)}</head>`)
    .replace('</body>', () => `${addNonce(settings.customScripts.footerScripts, nonce)}</body>`);
}

/**
 * The page's Content-Security-Policy. Scripts run only with this response's nonce; with
 * 'strict-dynamic' the scripts they load (lazy chunks, analytics the settings enable) run too.
 */
export function pageCsp(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'self' https:`,
    "style-src 'self' 'unsafe-inline' https://accounts.google.com",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self' https: wss: ws:",
    'frame-src https://www.youtube-nocookie.com https://www.youtube.com https://accounts.google.com',
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}
