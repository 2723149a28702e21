import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Language, WebsiteSettings } from '@ustaz/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.ts';
import { useWebDistApp } from '../test/web-dist.ts';
import {
  type ApiFetch,
  type BundleOutput,
  RENDER_WORKER_NICE,
  type RenderWorkers,
  startRenderWorkers,
} from './render-workers.ts';
import type { ServerBundle } from './server-render.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const webDist = path.join(repoRoot, 'apps/web/dist');
const realBundle = path.join(repoRoot, 'apps/web/dist-server/entry-server.js');

/** Every namespace of a language from the web build's locale files, as the server reads them. */
function localeTexts(language: Language): Record<string, Record<string, unknown>> {
  const dir = path.join(webDist, 'locales', language);
  return Object.fromEntries(
    readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => [name.slice(0, -'.json'.length), JSON.parse(readFileSync(path.join(dir, name), 'utf8'))]),
  );
}

/** A render's data block with the clock readings of its queries set to 0: two renders differ only there. */
function withoutClock(data: string): unknown {
  const clocks = new Set(['dataUpdatedAt', 'errorUpdatedAt', 'dehydratedAt']);
  return JSON.parse(data, (key, value) => (clocks.has(key) ? 0 : value));
}

describe('the real server bundle in a worker thread', () => {
  // The web build's server bundle (`npm run build -w @ustaz/web`), built here when it is missing.
  beforeAll(() => {
    if (existsSync(realBundle) && existsSync(path.join(webDist, 'index.html'))) return;
    const build = spawnSync('npm', ['run', 'build', '-w', '@ustaz/web'], { cwd: repoRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`web build failed (exit ${build.status})`);
  }, 300_000);
  const { t, f } = useTestApp({ webDistDir: webDist, ssrRenderWorkers: 1 });
  const workers: { pool?: RenderWorkers } = {};
  afterAll(() => workers.pool?.close());

  it('draws the same page as the bundle run on the main thread, with the teachers from the API', async () => {
    const subject = await f.subject({ nameEn: 'Worker maths', nameAr: 'رياضيات العامل' });
    await f.teacher({ firstName: 'Wardah', lastName: 'Threadwell', subjects: [subject], averageRating: 4.8 });
    await f.teacher({ firstName: 'Yusuf', lastName: 'Poolman', subjects: [subject], averageRating: 4.5 });
    const settings = (await (await t.app.inject({ url: '/api/settings/website' })).json()) as WebsiteSettings;
    const apiFetch: ApiFetch = async (url, init) => {
      const answer = await t.app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url,
        headers: { accept: 'application/json' },
      });
      return new Response(new Uint8Array(answer.rawPayload), {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type']) },
      });
    };
    const texts = { ar: localeTexts('ar'), en: localeTexts('en') };
    workers.pool = await startRenderWorkers({
      bundleFile: realBundle,
      count: 1,
      texts,
      deadlineMs: 20_000,
      log: t.app.log,
    });
    const inProcess = (await import(pathToFileURL(realBundle).href)) as ServerBundle;
    for (const [url, language] of [
      ['/en/teachers', 'en'],
      ['/ar', 'ar'],
    ] as const) {
      const request = { url, origin: 'http://ustaz.test', language, settings, apiFetch, nonce: 'n0nce' };
      const drawn: BundleOutput = await workers.pool.render(request);
      const expected = await inProcess.render({ ...request, texts: texts[language] });
      expect(drawn, url).not.toBeNull();
      expect(drawn?.html, url).toBe(expected?.html);
      expect(withoutClock(drawn?.data ?? ''), url).toEqual(withoutClock(expected?.data ?? ''));
      expect(drawn?.modules, url).toEqual(expected?.modules);
    }
    // Through the app, whose pages are drawn in its own worker.
    const page = await t.app.inject({ url: '/en/teachers' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Wardah');
    expect(page.body).toContain('Threadwell');
    expect(page.body).toContain('Poolman');
    expect(page.body).toContain('id="ustaz-ssr"');
  });
});

/**
 * A stand-in for the server bundle, to steer the worker: `?q=slow` holds its thread (synchronously,
 * as a React pass does) until the test writes the release file, 3 s at the most; `?q=crash` ends the
 * worker's thread (process.exit in a worker ends the worker only); any other page is drawn at once.
 */
const signals = mkdtempSync(path.join(os.tmpdir(), 'ustaz-render-worker-'));
const STARTED = path.join(signals, 'started');
const RELEASE = path.join(signals, 'release');
const BUNDLE = `
import { existsSync, writeFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
export async function render(input) {
  if (input.url.includes('crash')) process.exit(3);
  let how = 'at once';
  if (input.url.includes('slow')) {
    writeFileSync(${JSON.stringify(STARTED)}, '');
    const until = Date.now() + 3000;
    while (!existsSync(${JSON.stringify(RELEASE)}) && Date.now() < until) {}
    how = existsSync(${JSON.stringify(RELEASE)}) ? 'after its release' : 'after giving up waiting';
  }
  const res = await input.apiFetch('/api/health/live', { method: 'GET' });
  const html = '<main>Drawn ' + input.url + ' ' + how + ' (' + res.status + ') in thread ' + threadId + '</main>';
  return { html, data: '{}', modules: [] };
}
`;

describe('pages drawn in a worker thread (ADR 021)', () => {
  afterAll(() => rmSync(signals, { recursive: true, force: true }));
  const { t } = useWebDistApp({}, { serverBundle: BUNDLE, config: { ssrRenderWorkers: 1, pageCacheSeconds: 0 } });

  /** Resolves once `file` exists, looking every 10 ms (on this thread's event loop). */
  async function appeared(file: string) {
    for (let i = 0; i < 500 && !existsSync(file); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    return existsSync(file);
  }

  it('answers other requests while a render holds its thread', async () => {
    const order: string[] = [];
    const page = t.app.inject({ url: '/en/search?q=slow' }).then((res) => {
      order.push('page');
      return res;
    });
    // The render has started and holds the worker's thread: this thread still runs this test and answers.
    expect(await appeared(STARTED)).toBe(true);
    const health = await t.app.inject({ url: '/api/health/live' });
    order.push('health');
    expect(health.statusCode).toBe(200);
    writeFileSync(RELEASE, '');
    const res = await page;
    expect(order).toEqual(['health', 'page']);
    // The render ended on the release written after the health answer, not on its 3 s limit.
    expect(res.body).toContain('<main>Drawn /en/search?q=slow after its release (200) in thread');
  });

  it('serves the shell for the render whose worker crashed, and draws the next page in a new worker', async () => {
    const threadOf = (body: string) =>
      body.match(/<main>Drawn \/en\/[a-z]+ at once \(200\) in thread (\d+)<\/main>/)?.[1];
    let thread = threadOf((await t.app.inject({ url: '/en/about' })).body);
    for (const next of ['/en/terms', '/en/privacy']) {
      expect(thread).toBeTruthy();
      const crashed = await t.app.inject({ url: '/en/search?q=crash' });
      expect(crashed.statusCode).toBe(200);
      expect(crashed.body).toContain('<div id="root"></div>');
      expect(crashed.body).not.toContain('id="ustaz-ssr"');
      expect(crashed.headers['cache-control']).toBe('no-cache');
      // Drawn, by a thread started after the crash.
      const after = threadOf((await t.app.inject({ url: next })).body);
      expect(after).toBeTruthy();
      expect(after).not.toBe(thread);
      thread = after;
    }
  });
});

describe('render workers', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ustaz-render-bundle-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const texts = { ar: {}, en: {} };
  const log = { error() {} } as unknown as Parameters<typeof startRenderWorkers>[0]['log'];

  it('end when closed: their threads stop, and a render after is refused', async () => {
    // A bundle whose thread writes a dot every 5 ms for as long as it runs.
    const beat = path.join(dir, 'beat');
    const bundleFile = path.join(dir, 'beating.js');
    writeFileSync(
      bundleFile,
      `import { appendFileSync } from 'node:fs'; setInterval(() => appendFileSync(${JSON.stringify(beat)}, '.'), 5);`,
    );
    const pool = await startRenderWorkers({ bundleFile, count: 2, texts, deadlineMs: 5_000, log });
    const size = () => (existsSync(beat) ? readFileSync(beat, 'utf8').length : 0);
    const pause = () => new Promise((resolve) => setTimeout(resolve, 100));
    const running = size();
    await pause();
    expect(size()).toBeGreaterThan(running);
    await pool.close();
    const closed = size();
    await pause();
    expect(size()).toBe(closed);
    await expect(
      pool.render({
        url: '/en/about',
        origin: 'http://ustaz.test',
        language: 'en',
        settings: {} as WebsiteSettings,
        apiFetch: () => Promise.reject(new Error('unused')),
      }),
    ).rejects.toThrow('render workers closed');
  });

  it.runIf(process.platform === 'linux')('run at a lower priority than the threads that answer (Linux)', async () => {
    const bundleFile = path.join(dir, 'entry-server.js');
    writeFileSync(bundleFile, BUNDLE);
    const mainNice = os.getPriority();
    const pool = await startRenderWorkers({ bundleFile, count: 2, texts, deadlineMs: 5_000, log });
    try {
      // /proc/<pid>/task/<tid>/stat: the 19th field is the thread's nice value (after the command's parentheses, the 17th).
      const niceOf = (tid: number) =>
        Number(readFileSync(`/proc/${process.pid}/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ')[16]);
      const tids = pool.threadIds();
      expect(tids).toHaveLength(2);
      for (const tid of tids) {
        expect(tid).not.toBe(process.pid);
        expect(niceOf(tid)).toBe(RENDER_WORKER_NICE);
      }
      // The main thread's own is left as it was.
      expect(niceOf(process.pid)).toBe(mainNice);
    } finally {
      await pool.close();
    }
  });

  it('fail to start on a bundle that fails to load (the page handler then serves the shell)', async () => {
    const bundleFile = path.join(dir, 'broken.js');
    writeFileSync(bundleFile, 'throw new Error("broken bundle");');
    await expect(startRenderWorkers({ bundleFile, count: 1, texts, deadlineMs: 5_000, log })).rejects.toThrow(
      'broken bundle',
    );
  });
});
