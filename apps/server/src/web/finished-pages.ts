import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

const BROTLI_OPTIONS = {
  params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 5 },
};
const GZIP_OPTIONS = { level: 6 };
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Rendered public pages as they were sent, reused for a few seconds (ADR 021): the page, its nonce
 * (the same response for everyone, as a shared cache would give it for a minute anyway) and its
 * brotli and gzip bodies, each compressed once instead of once per request. A server-rendered
 * home page is ~250 KB of HTML: compressing and rebuilding it per request costs more than
 * everything else the request does. `compress()` makes both bodies on libuv's thread pool before the
 * page is kept, so no request blocks the one thread that answers while a page is compressed.
 */
export class FinishedPage {
  #br: Buffer | undefined;
  #gzip: Buffer | undefined;
  readonly until: number;

  constructor(
    readonly html: string,
    readonly nonce: string,
    ttlMs: number,
  ) {
    this.until = Date.now() + ttlMs;
  }

  /** Both compressed bodies, made off the main thread (zlib's asynchronous calls). */
  async compress(): Promise<this> {
    const [br, gz] = await Promise.all([brotliAsync(this.html, BROTLI_OPTIONS), gzipAsync(this.html, GZIP_OPTIONS)]);
    this.#br ??= br;
    this.#gzip ??= gz;
    return this;
  }

  /** Whether `compress()` has made both bodies. */
  get compressed(): boolean {
    return this.#br !== undefined && this.#gzip !== undefined;
  }

  /** The body in `encoding`: the one `compress()` made, else compressed here (once). */
  body(encoding: Encoding | null): string | Buffer {
    if (encoding === 'br') {
      this.#br ??= brotliCompressSync(this.html, BROTLI_OPTIONS);
      return this.#br;
    }
    if (encoding === 'gzip') {
      this.#gzip ??= gzipSync(this.html, GZIP_OPTIONS);
      return this.#gzip;
    }
    return this.html;
  }
}

export type Encoding = 'br' | 'gzip';

/** The encoding to answer in: brotli, else gzip, when the request accepts it (a q of 0 refuses). */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const accepted = new Set<string>();
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** How long a page is sent again as it was, unless a change drops it first (`PAGE_CACHE_SECONDS`). */
export const PAGE_CACHE_MS = 30_000;

/** At most this many pages are kept (each combination of the parameters a page reads is one): the oldest goes first. */
const MAX_PAGES = 500;

/**
 * How long past its few seconds a page is still sent while it is drawn anew behind it; older, a
 * request draws it again itself (say the refresh failed, or nobody asked for a while).
 */
export const STALE_PAGE_MS = 10_000;

/**
 * The kept pages by key. A page past its stale time, or drawn before a change (`clear()`), is not
 * handed out by `get` but stays (until drawn anew, or pushed out by newer pages) for `kept`: while
 * the database is away, an old page is better than none (issue 29). A lost PostgreSQL connection
 * counts as a change (a notification may have been missed), so the outage itself clears.
 */
export class FinishedPages {
  readonly #pages = new Map<string, { page: FinishedPage; generation: number }>();
  readonly #refreshing = new Set<string>();
  #generation = 0;

  /** Bumped by every `clear()`: a page drawn across one is not kept. */
  get generation(): number {
    return this.#generation;
  }

  /** A change was committed: no page kept so far is handed out by `get` again. */
  clear(): void {
    this.#generation += 1;
  }

  /** The page kept for `key`, and whether it is past its time (still within STALE_PAGE_MS). */
  get(key: string): { page: FinishedPage; stale: boolean } | undefined {
    const entry = this.#pages.get(key);
    if (!entry || entry.generation !== this.#generation) return undefined;
    const now = Date.now();
    if (entry.page.until > now) return { page: entry.page, stale: false };
    if (entry.page.until + STALE_PAGE_MS > now) return { page: entry.page, stale: true };
    return undefined;
  }

  /** The page kept for `key` however old, a change since included (the database is away). */
  kept(key: string): FinishedPage | undefined {
    return this.#pages.get(key)?.page;
  }

  set(key: string, page: FinishedPage): void {
    this.#pages.delete(key);
    if (this.#pages.size >= MAX_PAGES) {
      const oldest = this.#pages.keys().next().value;
      if (oldest !== undefined) this.#pages.delete(oldest);
    }
    this.#pages.set(key, { page, generation: this.#generation });
  }

  /** True for the one caller that should draw the page anew; false while another does. */
  startRefresh(key: string): boolean {
    if (this.#refreshing.has(key)) return false;
    this.#refreshing.add(key);
    return true;
  }

  endRefresh(key: string): void {
    this.#refreshing.delete(key);
  }
}
