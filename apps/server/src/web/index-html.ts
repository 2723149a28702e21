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

/**
 * Renders the SPA shell for one request: `<html lang dir>` from the path so the first paint is
 * already right to left for /ar, the default title and meta from settings, the locale file
 * preloaded, the admin's custom header/footer scripts, and a nonce on every script.
 */
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

export function renderIndexHtml({ template, pathname, nonce, settings }: RenderInput): string {
  const lang = languageOfPath(pathname);
  const dir = directionOf(lang);
  const head = [
    `<title>${escapeHtml(settings.defaultTitle)}</title>`,
    `<meta name="description" content="${escapeHtml(settings.defaultDescription)}" />`,
    `<meta name="keywords" content="${escapeHtml(settings.defaultKeywords)}" />`,
    `<meta property="og:title" content="${escapeHtml(settings.defaultTitle)}" />`,
    `<meta property="og:description" content="${escapeHtml(settings.defaultDescription)}" />`,
    `<meta property="og:site_name" content="${escapeHtml(settings.appName)}" />`,
    `<meta property="og:locale" content="${lang === 'ar' ? 'ar_KW' : 'en_US'}" />`,
    settings.defaultOgImage ? `<meta property="og:image" content="${escapeHtml(settings.defaultOgImage)}" />` : '',
    settings.faviconUrl ? `<link rel="icon" href="${escapeHtml(settings.faviconUrl)}" />` : '',
    `<meta name="theme-color" content="${escapeHtml(settings.primaryColor)}" />`,
    brandColors(settings),
    `<link rel="preload" href="/locales/${lang}/common.json" as="fetch" crossorigin="anonymous" />`,
  ]
    .filter(Boolean)
    .join('\n    ');
  // Replacement functions, not strings: `$&` and friends in scripts must stay as written.
  const html = template
    .replace(/<html[^>]*>/i, () => `<html lang="${lang}" dir="${dir}">`)
    .replace(/<title>[\s\S]*?<\/title>/i, () => '')
    .replace('</head>', () => `    ${head}\n  </head>`);
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
