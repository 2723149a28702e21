import { appNameIn, directionOf, type Language, type WebsiteSettings } from '@ustaz/contract';
import { STORAGE_KEYS } from '@ustaz/contract/constants';
import { escapeHtml, type PageHead, pageHeadTags } from './page-head.ts';
import { PAGE_TEXTS } from './page-texts.ts';
import type { IslandsFiles, RenderedApp } from './server-render.ts';

/** Gives every <script> in a piece of trusted HTML the response's CSP nonce. */
function addNonce(html: string, nonce: string): string {
  return html.replace(/<script\b(?![^>]*\bnonce=)/gi, `<script nonce="${nonce}"`);
}

type RenderInput = {
  template: string;
  lang: Language;
  head: PageHead;
  nonce: string;
  settings: WebsiteSettings;
  /** The server-rendered app (ADR 021); without it the page is the shell the browser draws. */
  app?: RenderedApp | null;
  /** The built font files to preload for the page's language (`fontFilesOf`). */
  fonts?: readonly string[];
  /** The built stylesheet, written into a server-rendered page in place of its link (`inlineStylesheetOf`). */
  stylesheet?: InlineStylesheet;
};

/** The template's stylesheet link and the file's text, to be a `<style>` of the page itself. */
export type InlineStylesheet = { tag: string; href: string; css: string };

const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="(\/assets\/[^"]+\.css)"[^>]*>/;

/**
 * The built stylesheet to inline (ADR 038 "Critical CSS"): under a slow phone network the first
 * paint otherwise waits a round trip more for it after the HTML. One stylesheet only, and only when
 * its text can stand in the page: nothing that could close the style element, and every `url()`
 * absolute (or data:), so it means the same on /ar/teachers/7 as on /assets/. Else the link stays.
 */
export function inlineStylesheetOf(
  template: string,
  readAsset: (href: string) => string | undefined,
): InlineStylesheet | undefined {
  const links = template.match(new RegExp(STYLESHEET_LINK.source, 'g')) ?? [];
  const found = template.match(STYLESHEET_LINK);
  if (links.length !== 1 || !found?.[1]) return undefined;
  const css = readAsset(found[1]);
  if (css === undefined || /<\/style/i.test(css)) return undefined;
  const urls = [...css.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^'")\s]*))\s*\)/g)].map(
    (match) => match[1] ?? match[2] ?? match[3] ?? '',
  );
  if (urls.some((url) => !/^(?:\/(?!\/)|data:|#)/.test(url))) return undefined;
  return { tag: found[0], href: found[1], css };
}

/**
 * The Cairo subset each language's text is drawn in (index.css, @fontsource-variable/cairo: woff2
 * files split by script, `font-display: optional`): Arabic pages in the Arabic subset (its digits too),
 * English ones in the Latin subset. Preloaded, the text is drawn in it from the first paint on.
 */
const FONT_SUBSETS: Record<Language, RegExp> = {
  ar: /^cairo-arabic-wght-normal-[\w-]+\.woff2$/,
  en: /^cairo-latin-wght-normal-[\w-]+\.woff2$/,
};

/** The font files of a build's assets folder to preload per language (none when the build has none). */
export function fontFilesOf(assetNames: readonly string[]): Record<Language, string[]> {
  const pick = (subset: RegExp) => assetNames.filter((name) => subset.test(name)).map((name) => `/assets/${name}`);
  return { ar: pick(FONT_SUBSETS.ar), en: pick(FONT_SUBSETS.en) };
}

/** The id of the server-render data block (the web's SERVER_RENDER_DATA_ID). */
const SERVER_RENDER_DATA_ID = 'ustaz-ssr';

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

/**
 * The head elements that come from the website settings alone: keywords, favicon, theme and
 * brand colours, the web app manifest and home-screen icon; an empty keywords field takes the language's fallback.
 */
function settingsHead(settings: WebsiteSettings, lang: Language): string {
  const keywords = settings.defaultKeywords.trim() || PAGE_TEXTS[lang].keywords;
  return [
    `<meta name="keywords" content="${escapeHtml(keywords)}" />`,
    settings.faviconUrl ? `<link rel="icon" href="${escapeHtml(settings.faviconUrl)}" />` : '',
    `<meta name="theme-color" content="${escapeHtml(settings.primaryColor)}" />`,
    // Installable (issue 19): the manifest of the page's language, and what iOS reads instead of it.
    `<link rel="manifest" href="/manifest.webmanifest?lang=${lang}" />`,
    '<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />',
    '<meta name="apple-mobile-web-app-capable" content="yes" />',
    `<meta name="apple-mobile-web-app-title" content="${escapeHtml(appNameIn(settings, lang) || PAGE_TEXTS[lang].appName)}" />`,
    brandColors(settings),
  ]
    .filter(Boolean)
    .join('\n    ');
}

/**
 * The settings' part of the head per language, kept while the settings row stays the same: a new
 * row, id or version (every admin save bumps it) is a new key, so a change shows on the next page.
 */
const headCache = new Map<string, string>();
const HEAD_CACHE_MAX = 16;

function cachedSettingsHead(settings: WebsiteSettings, lang: Language): string {
  const key = `${settings.id}:${settings.version}:${settings.updatedAt}:${lang}`;
  let head = headCache.get(key);
  if (head === undefined) {
    head = settingsHead(settings, lang);
    if (headCache.size >= HEAD_CACHE_MAX) headCache.clear();
    headCache.set(key, head);
  }
  return head;
}

/**
 * A page's whole `<head>` content in its language: the page's own tags (`pageHeadTags`: title,
 * description, canonical, hreflang, Open Graph, Twitter, JSON-LD) and the settings' ones, all
 * HTML-escaped. Pure apart from the settings cache, so a server renderer can call it too.
 */
export function renderHead(settings: WebsiteSettings, lang: Language, page: PageHead): string {
  const appName = appNameIn(settings, lang) || PAGE_TEXTS[lang].appName;
  return [...pageHeadTags(page, lang, appName), cachedSettingsHead(settings, lang)].join('\n    ');
}

/**
 * Renders the SPA shell for one request: `<html lang dir>` from the page's language so the first
 * paint is already right to left for /ar, the page's head (`renderHead`), the admin's custom
 * header/footer scripts, and a nonce on every script (the JSON-LD data blocks get one too: harmless).
 */
export function renderIndexHtml({
  template,
  lang,
  head: page,
  nonce,
  settings,
  app,
  fonts = [],
  stylesheet,
}: RenderInput): string {
  const dir = directionOf(lang);
  // A server-rendered page carries its texts; the shell fetches the locale file first thing.
  const localePreload = app
    ? ''
    : `\n    <link rel="preload" href="/locales/${lang}/common.json" as="fetch" crossorigin="anonymous" />`;
  const fontPreloads = fonts
    .map(
      (href) =>
        `\n    <link rel="preload" href="${escapeHtml(href)}" as="font" type="font/woff2" crossorigin="anonymous" />`,
    )
    .join('');
  const head = renderHead(settings, lang, page) + localePreload + fontPreloads;
  // Replacement functions, not strings: `$&` and friends in scripts must stay as written.
  let html = template
    .replace(/<html[^>]*>/i, () => `<html lang="${lang}" dir="${dir}">`)
    .replace(/<title>[\s\S]*?<\/title>/i, () => '');
  // The settings' favicon replaces the built one rather than competing with it.
  if (settings.faviconUrl) html = html.replace(/<link rel="icon"[^>]*>\s*/i, () => '');
  html = html.replace('</head>', () => `    ${head}\n  </head>`);
  html = addNonce(html, nonce)
    .replace('</head>', () => `${addNonce(settings.customScripts.headerScripts, nonce)}</head>`)
    .replace('</body>', () => `${addNonce(settings.customScripts.footerScripts, nonce)}</body>`);
  if (!app) return html;
  if (app.islands) html = withIslandsBoot(html, app.islands, nonce);
  // A drawn page paints with its own styles: no round trip for the stylesheet before the first paint.
  if (stylesheet) {
    html = html.replace(
      stylesheet.tag,
      () => `<style data-href="${escapeHtml(stylesheet.href)}">${stylesheet.css}</style>`,
    );
  }
  // React writes the preloads it found (the first images) ahead of the app: they belong in the head.
  const preloads = app.html.match(/^(?:<link\b[^>]*>)*/)?.[0] ?? '';
  const body = app.html.slice(preloads.length);
  // The app's HTML is React's (text escaped), the data block JSON with every `<` escaped: neither
  // can open or close a script. The block is data, not code; it carries the nonce all the same.
  // The islands' files are preloaded by their boot script, after the first paint (withIslandsBoot).
  const modules = (app.islands ? [] : (app.preload ?? []))
    .map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`)
    .join('');
  return html
    .replace('</head>', () => `${preloads}${modules}</head>`)
    .replace(
      /<div id="root"><\/div>/,
      () =>
        `<div id="root">${body}</div>\n    <script type="application/json" id="${SERVER_RENDER_DATA_ID}" nonce="${nonce}">${app.data}</script>`,
    );
}

const STORED_SESSION_KEYS = JSON.stringify([STORAGE_KEYS.accessToken, STORAGE_KEYS.refreshToken]);

/**
 * A page whose interactive parts are islands (ADR 038): a guest's browser loads the islands' code
 * only (preloaded), a visitor with a stored session the whole app, as before (its entry is the one
 * index.html names, loaded by the boot script instead of its own tag). Storage that cannot be read
 * is a guest's. The app's own preloads go: a guest does not need them.
 */
function withIslandsBoot(html: string, islands: IslandsFiles, nonce: string): string {
  const entryTag = html.match(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>\s*/);
  if (!entryTag?.[1]) return html;
  // Paint first: a guest's islands are fetched (their files preloaded at once, in parallel) and run
  // after the page's first contentful paint (at the latest one second on, as in a hidden tab or a
  // browser without paint timing), so no script competes with the page's HTML, its font and its
  // first image for a slow phone's network or thread before the reader sees the page.
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  const boot =
    `<script type="module" nonce="${nonce}">let s=false;try{s=[localStorage,sessionStorage].some((t)=>${STORED_SESSION_KEYS}.some((k)=>t.getItem(k)))}catch{}` +
    `if(s)import(${json(entryTag[1])});else{let d=false;const go=()=>{if(d)return;d=true;` +
    `for(const h of ${json(islands.preload)}){const l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.nonce=${json(nonce)};l.href=h;document.head.append(l)}` +
    `import(${json(islands.entry)})};` +
    `try{new PerformanceObserver((l)=>{if(l.getEntriesByName('first-contentful-paint').length)go()}).observe({type:'paint',buffered:true})}catch{}` +
    `setTimeout(go,1000)}</script>\n    `;
  return html.replace(entryTag[0], () => boot).replace(/<link rel="modulepreload"[^>]*>\s*/g, () => '');
}

/**
 * The page's Content-Security-Policy. Scripts run only with this response's nonce; with
 * 'strict-dynamic' the scripts they load (lazy chunks, analytics the settings enable) run too.
 */
export function pageCsp(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'self' https:`,
    // The service worker (issue 19): 'strict-dynamic' above makes 'self' ignored for scripts, and a
    // worker's script carries no nonce.
    "worker-src 'self'",
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
