// Server rendering under load (ARCHITECTURE.md "Budgets": "Server rendering of home >= 1,000 req/s
// with p99 <= 50 ms on one core"; issue 18: GET /ar, home with its data, 50 connections, on
// PostgreSQL, beside bare Fastify in the same run). The server runs the built web app
// (`npm run build -w @ustaz/web`, which also builds the server-render bundle) on its own database
// bench_ssr with the demo data, pinned to CPU 0; autocannon (this process) on CPU 1; PostgreSQL
// unpinned. Requests carry a browser's Accept-Encoding (the page is ~250 KB of HTML, ~25 KB in
// brotli); the home page is also measured without compression. Prints figures and writes bench/results/ssr.json; never fails on a threshold.
// Kept pages live `--page-seconds` (PAGE_CACHE_SECONDS, 5 here against 30 in production) so that
// each page is drawn anew a few times during each run, as the budget asks ("a page drawn anew every
// 30 s"); a watcher counts the drawings seen (distinct CSP nonces). Pages are drawn in
// `--workers` worker threads (SSR_RENDER_WORKERS, ADR 021); /ar and /en are measured `--runs`
// times, also on a second server drawing on its main thread (SSR_RENDER_WORKERS=0) unless
// `--skip-main-thread`.
//
//   npm run ssr -w @ustaz/bench [-- --seconds 10] [-- --connections 50] [-- --skip-build]
//     [-- --runs 3] [-- --page-seconds 5] [-- --workers 1] [-- --skip-main-thread]
//     (BENCH_DATABASE_URL or DATABASE_URL: the PostgreSQL server)
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cannon, gets } from './lib/load.ts';
import { arg, budget, printTable, round, runMeta, writeResult } from './lib/results.ts';
import {
  dropDatabase,
  freePort,
  hasTaskset,
  pinLoadToCpu1,
  recreateDatabase,
  root,
  spawnNode,
  startServer,
  stopProcess,
  waitHealthy,
} from './lib/server.ts';

const SECONDS = arg('seconds', 10);
const CONNECTIONS = arg('connections', 50);
const SKIP_BUILD = arg('skip-build', false);
const RUNS = arg('runs', 3);
const PAGE_SECONDS = arg('page-seconds', 5);
const WORKERS = arg('workers', 1);
const SKIP_MAIN_THREAD = arg('skip-main-thread', false);
const DB_NAME = 'bench_ssr';
const SECRET = randomBytes(32).toString('hex');

type Page = { route: string; path: string; headers?: Record<string, string> };

async function text(port: number, path: string): Promise<{ status: number; body: string; headers: Headers }> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { redirect: 'manual' });
  return { status: res.status, body: await res.text(), headers: res.headers };
}

/** What a page's HTML holds before any script runs: the rendered root, or only the shell. */
function rendered(body: string): { rootBytes: number; serverRendered: boolean } {
  const start = body.indexOf('<div id="root">');
  if (start < 0) return { rootBytes: 0, serverRendered: false };
  const end = body.indexOf('</div>', start + 15);
  const inner = body.slice(start + 15, end);
  return { rootBytes: body.length - start, serverRendered: inner.trim().length > 0 };
}

/**
 * Asks for `path` every 250 ms until `done` settles and counts the drawings of the page it was sent
 * (each drawing has its own CSP nonce): how often the page was drawn anew under the load.
 */
async function watchDrawings(port: number, path: string, done: Promise<unknown>): Promise<number> {
  const nonces = new Set<string>();
  let finished = false;
  void done.finally(() => {
    finished = true;
  });
  while (!finished) {
    const res = await fetch(`http://127.0.0.1:${port}${path}`).catch(() => null);
    await res?.arrayBuffer();
    const nonce = res?.headers.get('content-security-policy')?.match(/'nonce-([^']+)'/)?.[1];
    if (nonce) nonces.add(nonce);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return Math.max(0, nonces.size - 1);
}

/** The server of this bench on `url`, pinned to CPU 0, drawing pages in `workers` threads (0: its main thread). */
async function startSsrServer(url: string, workers: number) {
  const port = await freePort();
  const server = await startServer({
    url,
    port,
    pin: true,
    name: `ssr-${workers}`,
    env: {
      JWT_SECRET: SECRET,
      SEED_DEMO_DATA: 'true',
      MONEY_SWEEP_SECONDS: '3600',
      PAGE_CACHE_SECONDS: String(PAGE_SECONDS),
      SSR_RENDER_WORKERS: String(workers),
    },
  });
  return { port, server };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

async function main() {
  const meta = runMeta();
  console.log(`Load average at start: ${meta.machine.loadAverageAtStart.join(', ')} (${meta.machine.cpus} cores)`);
  console.log(
    `Kept pages live ${PAGE_SECONDS} s (PAGE_CACHE_SECONDS=${PAGE_SECONDS}; 30 in production): each page is drawn ` +
      `anew about every ${PAGE_SECONDS} s of each ${SECONDS} s run, the render in ${WORKERS} worker thread(s) ` +
      `(SSR_RENDER_WORKERS=${WORKERS})${SKIP_MAIN_THREAD ? '' : ', and on the main thread (SSR_RENDER_WORKERS=0) for comparison'}.`,
  );
  pinLoadToCpu1();
  if (!SKIP_BUILD) {
    console.log('Building apps/web (npm run build -w @ustaz/web)...');
    const build = spawnSync('npm', ['run', 'build', '-w', '@ustaz/web'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (build.status !== 0) throw new Error(`web build failed (exit ${build.status})`);
  }
  const url = await recreateDatabase(DB_NAME);
  const servers: { workers: number; port: number; server: Awaited<ReturnType<typeof startServer>> }[] = [];
  const barePort = await freePort();
  const bare = spawnNode(['--import', 'tsx', 'bench/lib/bare-server.ts'], {
    pin: true,
    env: { PORT: String(barePort), JWT_SECRET: SECRET, BARE_DATABASE_URL: url },
  });
  try {
    // One after the other: the first migrates and seeds the database.
    for (const workers of SKIP_MAIN_THREAD ? [WORKERS] : [WORKERS, 0]) {
      servers.push({ workers, ...(await startSsrServer(url, workers)) });
    }
    const port = servers[0]?.port ?? 0;
    await waitHealthy(bare, barePort, { pathName: '/health', label: 'bare Fastify' });
    const search = (await (await fetch(`http://127.0.0.1:${port}/api/teachers/search?limit=1`)).json()) as {
      data: { id: number }[];
    };
    const teacherId = search.data[0]?.id;
    if (!teacherId) throw new Error('no listed teacher in the demo data');
    const pages: Page[] = [
      { route: 'GET /ar (home)', path: '/ar' },
      { route: 'GET /en (home)', path: '/en' },
      { route: 'GET /ar/search', path: '/ar/search' },
      { route: `GET /ar/teachers/:id`, path: `/ar/teachers/${teacherId}` },
    ];
    // Warm up (the first render loads the bundle and fills the caches), and check what is served.
    const checks = [];
    for (const { port: serverPort } of servers) {
      for (const page of pages) for (let i = 0; i < 20; i++) await text(serverPort, page.path);
    }
    for (const page of pages) {
      const answer = await text(port, page.path);
      checks.push({
        route: page.route,
        status: answer.status,
        htmlKb: round(answer.body.length / 1024),
        ...rendered(answer.body),
        cacheControl: answer.headers.get('cache-control') ?? '',
      });
    }
    printTable('What each page answers (before load):', checks);

    const bareRow = await cannon({
      port: barePort,
      requests: gets(['/bare']),
      seconds: SECONDS,
      connections: CONNECTIONS,
    });
    console.log(`  bare Fastify ${Math.round(bareRow.rps)} req/s p99 ${bareRow.p99} ms`);
    // As a browser asks (Accept-Encoding: br), the home page also without compression.
    const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
    const homes = pages.slice(0, 2).map((page) => ({ ...page, headers: BROWSER }));
    const others: Page[] = [
      ...pages.slice(2).map((page) => ({ ...page, headers: BROWSER })),
      { route: 'GET /ar (home), no compression', path: '/ar' },
    ];
    const rows: {
      route: string;
      drawer: string;
      run: number;
      drawnAnew: number;
      rps: number;
      p50: number;
      p99: number;
      non2xx: number;
      errors: number;
    }[] = [];
    const load = async (serverPort: number, workers: number, page: Page, run: number) => {
      // Drawn a moment ago, as a page in steady use is (one older than its stale time is drawn while the load waits).
      await text(serverPort, page.path);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const result = cannon({
        port: serverPort,
        requests: gets([page.path], page.headers ?? {}),
        seconds: SECONDS,
        connections: CONNECTIONS,
      });
      const [row, drawnAnew] = await Promise.all([result, watchDrawings(serverPort, page.path, result)]);
      const drawer = workers > 0 ? `${workers} worker${workers > 1 ? 's' : ''}` : 'main thread';
      rows.push({ route: page.route, drawer, run, drawnAnew, ...row });
      console.log(
        `  run ${run} ${page.route} (${drawer}) ${Math.round(row.rps)} req/s p99 ${row.p99} ms, drawn anew ${drawnAnew}x, non-2xx ${row.non2xx}`,
      );
    };
    for (let run = 1; run <= RUNS; run++) {
      for (const { port: serverPort, workers } of servers) {
        for (const page of homes) await load(serverPort, workers, page, run);
      }
    }
    for (const page of others) await load(port, WORKERS, page, 1);
    const table = [{ route: 'bare Fastify: GET /bare', drawer: '', run: 1, drawnAnew: 0, ...bareRow }, ...rows].map(
      (r) => ({
        route: r.route,
        'drawn in': r.drawer,
        run: r.run,
        'drawn anew': r.drawnAnew,
        'req/s': Math.round(r.rps),
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        'vs bare': `${round((100 * r.rps) / bareRow.rps)}%`,
        'non-2xx': r.non2xx,
        errors: r.errors,
      }),
    );
    printTable(
      `Server rendering at ${CONNECTIONS} connections, ${SECONDS} s each, kept pages ${PAGE_SECONDS} s (PostgreSQL, demo data):`,
      table,
    );
    const homeRuns = rows.filter((r) => r.route === 'GET /ar (home)' && r.drawer !== 'main thread');
    const homeCheck = checks.find((c) => c.route.startsWith('GET /ar (home)'));
    const rps = median(homeRuns.map((r) => r.rps));
    const p99 = median(homeRuns.map((r) => r.p99));
    const met = homeRuns.length
      ? rps >= 1000 && p99 <= 50 && homeRuns.every((r) => r.non2xx === 0) && !!homeCheck?.serverRendered
      : null;
    const each = homeRuns.map((r) => `${Math.round(r.rps)}/${r.p99}`).join(', ');
    // Why a miss, and what is next (issue 33).
    const SSR_WHY =
      'why: a redraw (every 5 s here) shares the one pinned core with the answers, and compression of a drawn page ' +
      "runs on libuv's pool on that same core; next: one finished page per key shared while it is redrawn, and a smaller page";
    writeResult(
      'ssr',
      {
        title: 'Server rendering (GET /ar, PostgreSQL, one core)',
        options: {
          seconds: SECONDS,
          connections: CONNECTIONS,
          runs: RUNS,
          pageCacheSeconds: PAGE_SECONDS,
          renderWorkers: WORKERS,
          mainThreadCompared: !SKIP_MAIN_THREAD,
        },
        tables: [
          { title: 'What each page answers', rows: checks },
          { title: 'Under load', rows: table },
        ],
        budgets: [
          budget(
            'GET /ar (home with data, server-rendered) at 50 connections, one core, PostgreSQL, drawn anew while loaded',
            '>= 1,000 req/s, p99 <= 50 ms',
            homeRuns.length
              ? `${Math.round(rps)} req/s, p99 ${p99} ms (median of ${homeRuns.length} runs, req/s/p99 ms: ${each}; ` +
                  `drawn anew every ${PAGE_SECONDS} s in ${WORKERS} worker thread(s); bare Fastify ${Math.round(bareRow.rps)} req/s)` +
                  (homeCheck?.serverRendered ? '' : '; NOT server-rendered (empty root)')
              : 'not measured',
            met,
            met === false ? SSR_WHY : undefined,
          ),
        ],
        notes: [
          hasTaskset
            ? 'servers and bare Fastify pinned to CPU 0 (a server and its render workers share it), autocannon on CPU 1, PostgreSQL unpinned'
            : 'no taskset: nothing pinned',
          `kept pages live ${PAGE_SECONDS} s (PAGE_CACHE_SECONDS; 30 in production) so each page is drawn anew during each ${SECONDS} s run; "drawn anew" counts the drawings a watcher saw`,
        ],
      },
      meta,
    );
  } finally {
    for (const { server } of servers) await stopProcess(server);
    await stopProcess(bare);
    await dropDatabase(DB_NAME).catch(() => {});
  }
}

await main();
