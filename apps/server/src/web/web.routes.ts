import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  isLanguage,
  type Language,
  matchPagePath,
  type PageRoute,
  prefixedPath,
  type WebsiteSettings,
} from '@ustaz/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { HttpError } from '../http/errors.ts';
import type { SeoService } from '../modules/seo/seo.service.ts';
import type { SettingsService } from '../modules/settings/settings.service.ts';
import type { TeachersService } from '../modules/teachers/teachers.service.ts';
import { FinishedPage, FinishedPages, PAGE_CACHE_MS, preferredEncoding } from './finished-pages.ts';
import { firstVisitLanguage } from './first-language.ts';
import { fontFilesOf, inlineStylesheetOf, pageCsp, renderIndexHtml } from './index-html.ts';
import { pageAddress } from './page-address.ts';
import { describePage, type PageData } from './page-head.ts';
import { readRouteTitles } from './route-titles.ts';
import { loadPageRenderer } from './server-render.ts';

/**
 * The service worker (issue 19) fetches and caches this site's own files, so it needs 'self'; the
 * offline page it shows is static HTML with inline styles and the site's icon, no script.
 */
const OWN_POLICIES: Record<string, string> = {
  'sw.js': "default-src 'self'; script-src 'self'; connect-src 'self'; img-src 'self'; frame-ancestors 'none'",
  'offline.html': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'none'",
};

function safeDecode(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

type PageDeps = {
  settings: SettingsService;
  teachers: TeachersService;
  seo: SeoService;
  /** The site's public address (config PUBLIC_URL), for canonical and share-card addresses. */
  publicUrl: string;
  /** The server bundle to render pages with (tests); by default dist-server beside the build. */
  serverBundleFile?: string;
  /** How long a rendered public page is sent again as it was (`PAGE_CACHE_SECONDS`). */
  pageCacheMs?: number;
  /** Worker threads the pages are drawn in (`SSR_RENDER_WORKERS`, 1 by default; 0: the main thread). */
  renderWorkers?: number;
  /** Committed changes to what public pages show (`Database.onCatalogueChange`): kept pages are dropped. */
  onCatalogueChange?: (listener: () => void) => () => void;
};

/**
 * A server-rendered public page holds no user data (ADR 021): a browser may keep it a minute, a
 * shared cache 10 s (`s-maxage`: the page carries its render's CSP nonce, which should not be handed
 * to every visitor for minutes), both serving it up to 30 s longer while they fetch it again
 * (ADR 022). The shell and everything else but pictures (`staticCacheControl`): no-cache.
 */
export const PUBLIC_PAGE_CACHE = 'public, max-age=60, s-maxage=10, stale-while-revalidate=30';

/**
 * The pictures and icons copied from public/ (`/images/`, `/icons/`): kept a month, then revalidated
 * in the background a day. They are not hashed, so a changed picture gets a new file name
 * (apps/web/scripts/hero-images.mjs says so); an old name may be served from a cache for that long.
 */
export const PICTURE_CACHE = 'public, max-age=2592000, stale-while-revalidate=86400';

/** The cache policy of a built file by its path under dist: hashed assets a year, pictures a month, the rest revalidated. */
export function staticCacheControl(relativePath: string): string {
  const [top] = relativePath.split(/[\\/]/);
  if (top === 'assets') return 'public, max-age=31536000, immutable';
  if (top === 'images' || top === 'icons') return PICTURE_CACHE;
  return 'public, no-cache';
}

/** A database row id in a path: digits only, within PostgreSQL's integer. */
function rowId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/**
 * The data a page's head is made of, and whether the page exists: a teacher page of an id that is
 * not a listed teacher is not found. Another failure (the database away) is the error handler's:
 * 503 with Retry-After, as reading the settings for the page would be anyway.
 */
async function pageDataOf(
  route: PageRoute,
  params: Record<string, string>,
  query: URLSearchParams,
  language: Language,
  deps: PageDeps,
): Promise<{ found: boolean; data: PageData }> {
  if (route === 'teachers/:id') {
    const id = rowId(params.id);
    if (id === null) return { found: false, data: {} };
    try {
      return { found: true, data: { teacher: await deps.teachers.profile(id, language) } };
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return { found: false, data: {} };
      throw error;
    }
  }
  const subjects = query.getAll('subject');
  const subjectId = route === 'search' && subjects.length === 1 ? rowId(subjects[0]) : null;
  if (subjectId !== null) {
    const name = await deps.seo.subjectName(subjectId, language);
    return { found: true, data: name ? { subject: { id: subjectId, name } } : {} };
  }
  return { found: true, data: {} };
}

/**
 * Serves the built web app: hashed assets precompressed and cached for a year, locale files
 * revalidated, and every other page path answered with the rendered index.html.
 * Returns the handler for page paths, or undefined when the web app was not built.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  deps: PageDeps,
): Promise<((request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>) | undefined> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app not built: run `npm run build` to serve it');
    return undefined;
  }
  const template = readFileSync(indexFile, 'utf8');
  const assetsDir = path.join(distDir, 'assets');
  const fonts = fontFilesOf(existsSync(assetsDir) ? readdirSync(assetsDir) : []);
  const stylesheet = inlineStylesheetOf(template, (href) => {
    const file = path.join(distDir, href);
    return file.startsWith(assetsDir + path.sep) && existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  });
  const routeTitles = readRouteTitles(distDir);
  const renderPage = await loadPageRenderer(app, distDir, {
    origin: deps.publicUrl,
    log: app.log,
    bundleFile: deps.serverBundleFile,
    workers: deps.renderWorkers,
    onCatalogueChange: deps.onCatalogueChange,
  });

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: false,
    // One route per built file, so every other path (including /) reaches the page handler.
    wildcard: false,
    preCompressed: true,
    // The server writes these from the database (modules/seo); an older build may still hold a file.
    globIgnore: ['robots.txt', 'sitemap.xml'],
    cacheControl: false,
    setHeaders(res, filePath) {
      res.header('cache-control', staticCacheControl(path.relative(distDir, filePath)));
      // The service worker and its offline page (or their precompressed copies) get their own policy
      // (the API's 'none' would stop both).
      const own = OWN_POLICIES[path.basename(filePath).replace(/\.(br|gz)$/, '')];
      if (own) res.header('content-security-policy', own);
    },
  });

  const pageCacheMs = deps.pageCacheMs ?? PAGE_CACHE_MS;
  const finishedPages = new FinishedPages();
  // A change in any process (a teacher's profile, a slot, a review...) drops every kept page.
  deps.onCatalogueChange?.(() => finishedPages.clear());
  // The settings version pages were last keyed by: what a kept page is found by while the database is away.
  let settingsStamp = '';

  return async (request, reply) => {
    const [rawPath = '/', rawQuery = ''] = request.url.split(/\?(.*)/s);
    const pathname = safeDecode(rawPath);
    if (!isLanguage(pathname.split('/')[1])) {
      // `/` and other unprefixed paths: the switcher's cookie, else the browser's language (ADR 004).
      const language = firstVisitLanguage(request.headers);
      return reply
        .status(302)
        .header('location', `${prefixedPath(rawPath, language)}${rawQuery ? `?${rawQuery}` : ''}`)
        .header('vary', 'Cookie, Accept-Language')
        .header('cache-control', 'private, no-cache')
        .send();
    }
    // Kept and drawn by its path and the parameters it reads only (issue 29).
    const address = pageAddress(rawPath, pathname, rawQuery);
    let drawn: Awaited<ReturnType<typeof drawPage>>;
    try {
      const settings = await deps.settings.getWebsiteSettings();
      settingsStamp = `${settings.id}:${settings.version}:${settings.updatedAt}`;
      // A public page rendered a moment ago is sent again as it was (ADR 021); one a little older
      // too, while one request draws it anew behind it (no visitor waits for that render).
      const pageKey = `${settingsStamp}|${address.url}`;
      const finished = request.method === 'GET' ? finishedPages.get(pageKey) : undefined;
      if (finished) {
        if (finished.stale && finishedPages.startRefresh(pageKey)) {
          void drawPage(request, settings, pageKey, pathname, address)
            .catch((error: unknown) => request.log.warn({ err: error }, 'page refresh failed'))
            .finally(() => finishedPages.endRefresh(pageKey));
        }
        return sendFinished(request, reply, finished.page);
      }
      drawn = await drawPage(request, settings, pageKey, pathname, address);
    } catch (error) {
      // The database away: a page kept from before, however old, rather than a 503 (ADR 022).
      const kept = request.method === 'GET' && isDatabaseUnavailable(error);
      const page = kept ? finishedPages.kept(`${settingsStamp}|${address.url}`) : undefined;
      if (!page) throw error;
      request.log.warn({ url: address.url }, 'database unavailable: sending the kept page');
      return sendFinished(request, reply, page, 'no-cache');
    }
    if (drawn.page) return sendFinished(request, reply, drawn.page);
    return reply
      .status(drawn.found ? 200 : 404)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', pageCsp(drawn.nonce))
      .send(drawn.html);
  };

  /**
   * The page's HTML: its head, and its app drawn here with its data when the bundle can (ADR 021),
   * the not-found page too; signed-in-only pages and the admin stay the shell the browser draws. A
   * drawn public page is kept (`page`) to be sent again.
   */
  async function drawPage(
    request: FastifyRequest,
    settings: WebsiteSettings,
    pageKey: string,
    pathname: string,
    address: { url: string; query: URLSearchParams },
  ): Promise<{ found: boolean; html: string; nonce: string; page?: FinishedPage }> {
    const match = matchPagePath(pathname);
    const language = match?.language ?? (pathname.split('/')[1] as Language);
    const { found, data } = match
      ? await pageDataOf(match.route, match.params, address.query, language, deps)
      : { found: false, data: {} };
    const head = describePage({
      route: found && match ? match.route : null,
      language,
      settings,
      publicUrl: deps.publicUrl,
      data,
      routeTitles: routeTitles[language],
    });
    const generation = finishedPages.generation;
    const nonce = randomBytes(16).toString('base64');
    const rendered =
      renderPage && request.method === 'GET'
        ? await renderPage(request, { url: address.url, language, settings, nonce })
        : null;
    const html = renderIndexHtml({
      template,
      lang: language,
      head,
      nonce,
      settings,
      app: rendered,
      fonts: fonts[language],
      stylesheet,
    });
    if (!(rendered && found && request.method === 'GET')) return { found, html, nonce };
    // Compressed on the thread pool before it is kept or sent: the answering thread never compresses it.
    const page = await new FinishedPage(html, nonce, pageCacheMs).compress();
    // Drawn from rows a change has replaced since: sent to this request, not kept.
    if (pageCacheMs > 0 && finishedPages.generation === generation) finishedPages.set(pageKey, page);
    return { found, html, nonce, page };
  }
}

/**
 * A rendered public page, compressed as the request accepts (once per page: `FinishedPage`);
 * `cacheControl` no-cache for one sent while the database is away (it may be older than its time).
 */
function sendFinished(
  request: FastifyRequest,
  reply: FastifyReply,
  page: FinishedPage,
  cacheControl = PUBLIC_PAGE_CACHE,
): FastifyReply {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  reply
    .status(200)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', cacheControl)
    .header('content-security-policy', pageCsp(page.nonce))
    .header('vary', 'Accept-Encoding');
  // Already compressed: the compression hook leaves a body with a Content-Encoding alone.
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(page.body(encoding));
}
