import { Worker } from 'node:worker_threads';
import type { Language, WebsiteSettings } from '@ustaz/contract';
import type { FastifyBaseLogger } from 'fastify';

/** A request to the API as the web app's client sends it (its fetch's arguments). */
export type ApiFetch = (url: string, init: RequestInit) => Promise<Response>;

/** What the server bundle's `render` answers (apps/web/src/entry-server.tsx, RenderOutput). */
export type BundleOutput = { html: string; data: string; modules?: string[]; islands?: boolean } | null;

/** One page to draw: the bundle's `render` input but the texts, which the renderer holds per language. */
export type RenderRequest = {
  url: string;
  origin: string;
  language: Language;
  settings: WebsiteSettings;
  apiFetch: ApiFetch;
  nonce?: string;
};

/**
 * The worker's program (CommonJS, evaluated: no loader is needed under tsx, vitest or the compiled
 * server). It loads the bundle, answers `ready` (or `loadFailed`), and draws each `render` it is sent
 * with the bundle's `render`, the language's texts it was started with, and a fetch that asks the
 * main thread (`fetch`, answered by `fetched`), which reaches the API in process.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { pathToFileURL } = require('node:url');
const loaded = import(pathToFileURL(workerData.bundleFile).href);
const fetches = new Map();
let lastFetch = 0;
const describe = (error) => (error && error.stack) || String(error);
// Linux: a thread's nice value is its own, and /proc/thread-self names this thread's id.
let tid = 0;
try {
  tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop()) || 0;
  if (tid && workerData.nice) require('node:os').setPriority(tid, workerData.nice);
} catch {}
loaded.then(
  () => parentPort.postMessage({ type: 'ready', tid }),
  (error) => parentPort.postMessage({ type: 'loadFailed', error: describe(error) }),
);
parentPort.on('message', async (message) => {
  if (message.type === 'fetched') {
    const waiting = fetches.get(message.fetchId);
    fetches.delete(message.fetchId);
    if (!waiting) return;
    if (message.error) waiting.reject(new Error(message.error));
    else waiting.resolve(new Response(message.body, { status: message.status, headers: { 'content-type': message.contentType } }));
    return;
  }
  if (message.type !== 'render') return;
  const apiFetch = (url, init) =>
    new Promise((resolve, reject) => {
      const fetchId = ++lastFetch;
      fetches.set(fetchId, { resolve, reject });
      parentPort.postMessage({ type: 'fetch', id: message.id, fetchId, url, method: (init && init.method) || 'GET' });
    });
  try {
    const bundle = await loaded;
    const texts = workerData.texts[message.input.language] || {};
    const result = await bundle.render({ ...message.input, texts, apiFetch });
    parentPort.postMessage({ type: 'rendered', id: message.id, result: result ?? null });
  } catch (error) {
    parentPort.postMessage({ type: 'failed', id: message.id, error: describe(error) });
  }
});
`;

type FromWorker =
  | { type: 'ready'; tid: number }
  | { type: 'loadFailed'; error: string }
  | { type: 'fetch'; id: number; fetchId: number; url: string; method: string }
  | { type: 'rendered'; id: number; result: BundleOutput }
  | { type: 'failed'; id: number; error: string };

type Pending = {
  apiFetch: ApiFetch;
  resolve: (result: BundleOutput) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
};

type Slot = { worker: Worker; ready: Promise<void>; pending: Map<number, Pending>; tid: number };

/**
 * The nice value of a render worker's thread (Linux; elsewhere it keeps the process's): a redraw is
 * background work (the kept page is sent meanwhile), so on a busy core the threads that answer come
 * first. Not so low that a redraw starves under full load: at 10 the kernel gives the worker about a
 * tenth of a core the main thread keeps busy (CFS weights 110 against 1024), a ~100 ms render ~1 s.
 */
export const RENDER_WORKER_NICE = 10;

export type RenderWorkers = {
  /** Draws a page in the least busy worker; rejects when it fails, its worker exits, or `deadlineMs` pass. */
  render(request: RenderRequest): Promise<BundleOutput>;
  /** Terminates every worker; renders under way reject. */
  close(): Promise<void>;
  /** The kernel thread ids of the running workers (Linux; 0 elsewhere), as they reported them. */
  threadIds(): number[];
};

/**
 * `count` worker threads that each hold the server bundle and draw pages with it (ADR 021, "Rendering
 * in a worker thread"), so the main event loop keeps answering while a page is drawn. Resolves when
 * every worker has loaded the bundle; rejects (after terminating them) when one cannot. A worker that
 * exits (a crash) fails the renders it held and is started again for the next render.
 */
export async function startRenderWorkers(options: {
  bundleFile: string;
  count: number;
  texts: Record<Language, Record<string, Record<string, unknown>>>;
  deadlineMs: number;
  log: FastifyBaseLogger;
  /** The workers' nice value (RENDER_WORKER_NICE). */
  nice?: number;
}): Promise<RenderWorkers> {
  const slots: (Slot | undefined)[] = [];
  let closing = false;
  let lastRender = 0;

  function start(index: number): Slot {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { bundleFile: options.bundleFile, texts: options.texts, nice: options.nice ?? RENDER_WORKER_NICE },
    });
    // The server's socket keeps the process alive, not a worker (a test that forgets to close leaks none).
    worker.unref();
    const pending = new Map<number, Pending>();
    let loadedOrFailed: { resolve: () => void; reject: (error: Error) => void } | undefined;
    const ready = new Promise<void>((resolve, reject) => {
      loadedOrFailed = { resolve, reject };
    });
    // Awaited by startRenderWorkers only; a restarted worker that fails to load fails its renders instead.
    ready.catch(() => {});
    const slot: Slot = { worker, ready, pending, tid: 0 };
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'ready') {
        slot.tid = message.tid;
        return loadedOrFailed?.resolve();
      }
      if (message.type === 'loadFailed') return loadedOrFailed?.reject(new Error(message.error));
      if (message.type === 'fetch') return answerFetch(worker, pending.get(message.id), message);
      const waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      clearTimeout(waiting.timer);
      if (message.type === 'rendered') waiting.resolve(message.result);
      else waiting.reject(new Error(message.error));
    });
    worker.on('error', (error) => options.log.error({ err: error }, 'render worker failed'));
    worker.on('exit', (code) => {
      const failure = new Error(`render worker exited (code ${code})`);
      loadedOrFailed?.reject(failure);
      for (const waiting of pending.values()) {
        clearTimeout(waiting.timer);
        waiting.reject(failure);
      }
      pending.clear();
      if (slots[index] === slot) slots[index] = undefined;
      if (!closing) options.log.error({ code }, 'render worker exited: it is started again for the next page');
    });
    slots[index] = slot;
    return slot;
  }

  async function close(): Promise<void> {
    closing = true;
    await Promise.all(slots.map((slot) => slot?.worker.terminate()));
  }

  for (let index = 0; index < options.count; index++) start(index);
  try {
    await Promise.all(slots.map((slot) => slot?.ready));
  } catch (error) {
    await close();
    throw error;
  }

  return {
    close,
    threadIds: () => slots.flatMap((slot) => (slot ? [slot.tid] : [])),
    render({ apiFetch, ...input }) {
      if (closing) return Promise.reject(new Error('render workers closed'));
      // The least busy worker; one that exited is started again here.
      let index = 0;
      for (let i = 1; i < options.count; i++) {
        if ((slots[i]?.pending.size ?? 0) < (slots[index]?.pending.size ?? 0)) index = i;
      }
      const slot = slots[index] ?? start(index);
      const id = ++lastRender;
      return new Promise<BundleOutput>((resolve, reject) => {
        const timer = setTimeout(() => {
          slot.pending.delete(id);
          reject(new Error(`server render took over ${options.deadlineMs} ms`));
        }, options.deadlineMs);
        slot.pending.set(id, { apiFetch, resolve, reject, timer });
        slot.worker.postMessage({ type: 'render', id, input });
      });
    },
  };
}

/** A worker's API request, answered here (the main thread's app.inject) with the body moved, not copied. */
function answerFetch(
  worker: Worker,
  waiting: Pending | undefined,
  { fetchId, url, method }: { fetchId: number; url: string; method: string },
): void {
  if (!waiting) {
    worker.postMessage({ type: 'fetched', fetchId, error: 'the render gave up' });
    return;
  }
  waiting
    .apiFetch(url, { method })
    .then(async (response) => {
      const body = response.body ? new Uint8Array(await response.arrayBuffer()) : null;
      const contentType = response.headers.get('content-type') ?? 'application/json';
      worker.postMessage(
        { type: 'fetched', fetchId, status: response.status, contentType, body },
        body ? [body.buffer] : [],
      );
    })
    .catch((error: unknown) => {
      worker.postMessage({ type: 'fetched', fetchId, error: error instanceof Error ? error.message : String(error) });
    });
}
