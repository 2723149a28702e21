import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LANGUAGES, type Language, type WebsiteSettings } from '@ustaz/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { type ApiFetch, type BundleOutput, type RenderRequest, startRenderWorkers } from './render-workers.ts';

/** What the web build's server bundle (apps/web/src/entry-server.tsx) exports. */
export type ServerBundle = {
  render(input: {
    url: string;
    origin: string;
    language: Language;
    texts: Record<string, Record<string, unknown>>;
    settings: WebsiteSettings;
    apiFetch: ApiFetch;
    nonce?: string;
    timeoutMs?: number;
  }): Promise<BundleOutput>;
};

/**
 * The rendered app for one page: its HTML for #root, the JSON of its data block, and the built files
 * of its route (`modulepreload`, beyond those index.html links already).
 */
export type RenderedApp = { html: string; data: string; preload?: string[]; islands?: IslandsFiles };

/** The islands build's entry and the files it loads statically (ADR 038), for a page made of islands. */
export type IslandsFiles = { entry: string; preload: string[] };

const ISLANDS_ENTRY = 'src/islands/entry.tsx';

/**
 * The islands build's files (`.vite/islands-manifest.json`, apps/web/vite.islands.config.ts): its
 * entry and every chunk it imports statically. Undefined without that build: every page then
 * hydrates the whole app.
 */
export function islandsFilesOf(distDir: string): IslandsFiles | undefined {
  const file = path.join(distDir, '.vite', 'islands-manifest.json');
  if (!existsSync(file)) return undefined;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest[ISLANDS_ENTRY];
  if (!entry) return undefined;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(ISLANDS_ENTRY);
  return { entry: `/${entry.file}`, preload: [...files].map((name) => `/${name}`) };
}

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };

/**
 * The files to preload per source module, from the browser build's manifest (`.vite/manifest.json`):
 * the module's chunk and the chunks it imports statically, less the entry's own (index.html links
 * those). Empty without a manifest.
 */
export function routeFilesOf(distDir: string): (modules: readonly string[]) => string[] {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return () => [];
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const entryFiles = new Set<string>();
  const visit = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key, entryFiles);
  return (modules) => {
    const files = new Set<string>();
    for (const name of modules) visit(name, files);
    return [...files].filter((name) => !entryFiles.has(name)).map((name) => `/${name}`);
  };
}

export type PageRenderer = (
  request: FastifyRequest,
  /** `url`: the page's path and the query parameters it reads (web/page-address.ts), what is rendered. */
  page: { url: string; language: Language; settings: WebsiteSettings; nonce: string },
) => Promise<RenderedApp | null>;

/** Where `vite build --ssr` writes the server bundle: beside the browser's build (dist). */
export function serverBundleFile(distDir: string): string {
  return path.resolve(distDir, '..', 'dist-server', 'entry-server.js');
}

/** Every namespace of each language from the build's locale files (the texts a page may inline). */
function readLocales(distDir: string): Record<Language, Record<string, Record<string, unknown>>> {
  const texts = {} as Record<Language, Record<string, Record<string, unknown>>>;
  for (const language of LANGUAGES) {
    const dir = path.join(distDir, 'locales', language);
    texts[language] = {};
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      if (!name.endsWith('.json')) continue;
      texts[language][name.slice(0, -'.json'.length)] = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
    }
  }
  return texts;
}

/**
 * The API as the server renderer reaches it: in process (Fastify's inject), in the page's
 * language, as a guest (no authorization, no cookie: a public page carries no user data), counted
 * against the visitor's address by the rate limit.
 */
function apiFetchFor(app: FastifyInstance, request: FastifyRequest, language: Language): ApiFetch {
  return async (url, init) => {
    if (!url.startsWith('/api/')) throw new Error(`not an API path: ${url}`);
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: { accept: 'application/json', 'accept-language': language },
      remoteAddress: request.ip,
    });
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };
}

/**
 * The page renderer of ADR 021, when the web build has its server bundle; undefined otherwise (the
 * page handler then serves the client-drawn shell, as before). A page the bundle declines (not
 * public, a failed query) or that fails to render is the shell too: server rendering only adds.
 * With `workers` (1 by default, `SSR_RENDER_WORKERS`) the bundle runs in that many worker threads,
 * terminated when the app closes; with 0 it is imported and runs on the main thread.
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  distDir: string,
  options: {
    origin: string;
    log: FastifyBaseLogger;
    bundleFile?: string;
    cacheMs?: number;
    workers?: number;
    onCatalogueChange?: ((listener: () => void) => () => void) | undefined;
  },
): Promise<PageRenderer | undefined> {
  const file = options.bundleFile ?? serverBundleFile(distDir);
  if (!existsSync(file)) {
    options.log.warn({ file }, 'web server bundle not built: pages are drawn by the browser');
    return undefined;
  }
  const texts = readLocales(distDir);
  const draw = await loadBundle(app, file, texts, options.workers ?? 1, options.log);
  if (!draw) return undefined;
  const routeFiles = routeFilesOf(distDir);
  const islandsFiles = islandsFilesOf(distDir);
  const cache = new RenderCache(options.cacheMs ?? RENDER_CACHE_MS);
  options.onCatalogueChange?.(() => cache.clear());
  return (request, { url, language, settings, nonce }) => {
    // The same page for everyone (a guest's view), so one render serves the requests of a few seconds.
    const key = `${language}|${settings.id}:${settings.version}:${settings.updatedAt}|${url}`;
    return cache
      .get(key, () =>
        withDeadline(RENDER_DEADLINE_MS, () =>
          draw({
            url,
            origin: options.origin,
            language,
            settings,
            apiFetch: apiFetchFor(app, request, language),
            nonce,
          }).then((rendered) =>
            rendered
              ? {
                  html: rendered.html,
                  data: rendered.data,
                  preload: routeFiles(rendered.modules ?? []),
                  islands: rendered.islands ? islandsFiles : undefined,
                }
              : null,
          ),
        ),
      )
      .catch((error: unknown) => {
        request.log.error({ err: error }, 'server render failed: serving the shell');
        return null;
      });
  };
}

/**
 * The bundle's `render`, in `workers` worker threads (closed with the app) or, with 0, imported here;
 * undefined when the bundle fails to load.
 */
async function loadBundle(
  app: FastifyInstance,
  file: string,
  texts: Record<Language, Record<string, Record<string, unknown>>>,
  workers: number,
  log: FastifyBaseLogger,
): Promise<((request: RenderRequest) => Promise<BundleOutput>) | undefined> {
  try {
    if (workers > 0) {
      const pool = await startRenderWorkers({
        bundleFile: file,
        count: workers,
        texts,
        deadlineMs: RENDER_DEADLINE_MS,
        log,
      });
      app.addHook('onClose', () => pool.close());
      return pool.render;
    }
    const bundle = (await import(pathToFileURL(file).href)) as ServerBundle;
    return (request) => bundle.render({ ...request, texts: texts[request.language] });
  } catch (error) {
    log.error({ err: error, file }, 'web server bundle failed to load: pages are drawn by the browser');
    return undefined;
  }
}

/**
 * A render, with the API reads it waits for, that takes longer gives up: the page is the shell (the
 * browser loads what it needs), not a request left hanging on a slow database.
 */
export const RENDER_DEADLINE_MS = 5_000;

function withDeadline<T>(ms: number, run: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`server render took over ${ms} ms`)), ms);
  });
  return Promise.race([run(), deadline]).finally(() => clearTimeout(timer));
}

/** How long a rendered public page is reused: a teacher's change shows within this (ADR 021). */
export const RENDER_CACHE_MS = 2_000;
const RENDER_CACHE_MAX = 500;

/**
 * Rendered pages by key for a few seconds; requests for a page being rendered wait for that render
 * instead of starting their own. A failed render is forgotten at once. At most RENDER_CACHE_MAX
 * pages (each combination of the parameters a page reads is a page): the oldest goes first.
 */
class RenderCache {
  readonly #entries = new Map<string, { until: number; result: Promise<RenderedApp | null> }>();
  constructor(readonly ttlMs: number) {}

  /** A change was committed: renders from before it are not handed out again. */
  clear(): void {
    this.#entries.clear();
  }

  get(key: string, render: () => Promise<RenderedApp | null>): Promise<RenderedApp | null> {
    const now = Date.now();
    const entry = this.#entries.get(key);
    if (entry && entry.until > now) return entry.result;
    if (entry) this.#entries.delete(key);
    const result = render();
    if (this.ttlMs <= 0) return result;
    if (this.#entries.size >= RENDER_CACHE_MAX) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    const stored = { until: now + this.ttlMs, result };
    this.#entries.set(key, stored);
    result.catch(() => {
      if (this.#entries.get(key) === stored) this.#entries.delete(key);
    });
    return result;
  }
}
