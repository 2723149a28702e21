// Server rendering under load (ARCHITECTURE.md "Budgets": "Server rendering of home >= 1,000 req/s
// with p99 <= 50 ms on one core"; issue 18: GET /ar, home with its data, 50 connections, on
// PostgreSQL, beside bare Fastify in the same run). The server runs the built web app
// (`npm run build -w @ustaz/web`, which also builds the server-render bundle) on its own database
// bench_ssr with the demo data, pinned to CPU 0; autocannon (this process) on CPU 1; PostgreSQL
// unpinned. Requests carry a browser's Accept-Encoding (the page is ~250 KB of HTML, ~25 KB in
// brotli); the home page is also measured without compression. Prints figures and writes bench/results/ssr.json; never fails on a threshold.
//
//   npm run ssr -w @ustaz/bench [-- --seconds 10] [-- --connections 50] [-- --skip-build]
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

async function main() {
  const meta = runMeta();
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
  const port = await freePort();
  const server = await startServer({
    url,
    port,
    pin: true,
    name: 'ssr',
    env: { JWT_SECRET: SECRET, SEED_DEMO_DATA: 'true', MONEY_SWEEP_SECONDS: '3600' },
  });
  const barePort = await freePort();
  const bare = spawnNode(['--import', 'tsx', 'bench/lib/bare-server.ts'], {
    pin: true,
    env: { PORT: String(barePort), JWT_SECRET: SECRET, BARE_DATABASE_URL: url },
  });
  try {
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
    for (const page of pages) {
      for (let i = 0; i < 20; i++) await text(port, page.path);
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

    const rows = [];
    const bareRow = await cannon({
      port: barePort,
      requests: gets(['/bare']),
      seconds: SECONDS,
      connections: CONNECTIONS,
    });
    rows.push({ route: 'bare Fastify: GET /bare', ...bareRow });
    console.log(`  bare Fastify ${Math.round(bareRow.rps)} req/s p99 ${bareRow.p99} ms`);
    // As a browser asks (Accept-Encoding: br), the home page also without compression.
    const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
    const loads: Page[] = [
      ...pages.map((page) => ({ ...page, headers: BROWSER })),
      { route: 'GET /ar (home), no compression', path: '/ar' },
    ];
    for (const page of loads) {
      const row = await cannon({
        port,
        requests: gets([page.path], page.headers ?? {}),
        seconds: SECONDS,
        connections: CONNECTIONS,
      });
      rows.push({ route: page.route, ...row });
      console.log(`  ${page.route} ${Math.round(row.rps)} req/s p99 ${row.p99} ms non-2xx ${row.non2xx}`);
    }
    const table = rows.map((r) => ({
      route: r.route,
      'req/s': Math.round(r.rps),
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'vs bare': `${round((100 * r.rps) / bareRow.rps)}%`,
      'non-2xx': r.non2xx,
      errors: r.errors,
    }));
    printTable(`Server rendering at ${CONNECTIONS} connections, ${SECONDS} s each (PostgreSQL, demo data):`, table);
    const home = rows.find((r) => r.route === 'GET /ar (home)');
    const homeCheck = checks.find((c) => c.route.startsWith('GET /ar (home)'));
    const met = home ? home.rps >= 1000 && home.p99 <= 50 && home.non2xx === 0 && !!homeCheck?.serverRendered : null;
    writeResult(
      'ssr',
      {
        title: 'Server rendering (GET /ar, PostgreSQL, one core)',
        options: { seconds: SECONDS, connections: CONNECTIONS },
        tables: [
          { title: 'What each page answers', rows: checks },
          { title: 'Under load', rows: table },
        ],
        budgets: [
          budget(
            'GET /ar (home with data, server-rendered) at 50 connections, one core, PostgreSQL',
            '>= 1,000 req/s, p99 <= 50 ms',
            home
              ? `${Math.round(home.rps)} req/s, p99 ${home.p99} ms (bare Fastify ${Math.round(bareRow.rps)} req/s)` +
                  (homeCheck?.serverRendered ? '' : '; NOT server-rendered (empty root)')
              : 'not measured',
            met,
          ),
        ],
        notes: [
          hasTaskset
            ? 'server and bare Fastify pinned to CPU 0, autocannon on CPU 1, PostgreSQL unpinned'
            : 'no taskset: nothing pinned',
        ],
      },
      meta,
    );
  } finally {
    await stopProcess(server);
    await stopProcess(bare);
    await dropDatabase(DB_NAME).catch(() => {});
  }
}

await main();
