// Teacher search under load on PostgreSQL (ARCHITECTURE.md "Budgets": 10k teachers, 200k slots,
// p99 <= 30 ms at 50 connections, server on one core). Prints figures; never fails on a threshold.
//
//   npm run search -w @ustaz/bench      (BENCH_DATABASE_URL or DATABASE_URL: the PostgreSQL server)
//
// Creates (or recreates) its own database `bench_search`, starts the real server
// against it (migrations on start, no demo data), seeds through SQL with the server's own search
// text builder (the shared normaliser), then runs each scenario with 50 keep-alive connections,
// with the answer and count caches on (default; answers are dropped on every change, ADR 007)
// and off. Writes bench/results/search.json; drops the database.
// `npm run bench` measures search in api-bench.ts; this one is the closer look.
// Where `taskset` exists the server is pinned to CPU 0 and this process (the load) to CPU 1.
// Options (env): BENCH_SECONDS per scenario (default 15), BENCH_CONNECTIONS (50),
// BENCH_TEACHERS (10000), BENCH_SLOTS (200000), BENCH_KEEP_DB=1 keeps `bench_search` at the end
// (for EXPLAIN), BENCH_REUSE_DB=1 runs on a kept one (migrated at start, not seeded again).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { type Catalogue, searchScenarios, seedCatalogue } from './lib/catalogue.ts';
import { budget, round, runMeta, writeResult } from './lib/results.ts';
import {
  databaseUrl,
  dropDatabase,
  freePort,
  hasTaskset,
  pinLoadToCpu1,
  recreateDatabase,
  startServer,
  stopProcess,
} from './lib/server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS || 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const TEACHERS = Number(process.env.BENCH_TEACHERS || 10_000);
const SLOTS = Number(process.env.BENCH_SLOTS || 200_000);
const DB_NAME = 'bench_search';
const KEEP_DB = process.env.BENCH_KEEP_DB === '1';
const REUSE_DB = process.env.BENCH_REUSE_DB === '1';

// Server ---------------------------------------------------------------------------------------

function startSearchServer(port: number, url: string, countCacheSeconds: number) {
  return startServer({
    url,
    port,
    pin: true,
    name: 'search',
    env: { SEARCH_COUNT_CACHE_SECONDS: String(countCacheSeconds), JWT_SECRET: randomBytes(32).toString('hex') },
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

// Load -----------------------------------------------------------------------------------------

type LoadResult = {
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  kbPerRequest: number;
};

async function load(port: number, paths: string[], seconds: number): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let bytes = 0;
  let next = 0;
  const deadline = performance.now() + seconds * 1000;
  function request(requestPath: string | undefined) {
    return new Promise<void>((resolve) => {
      const started = performance.now();
      const req = http.get(
        { host: '127.0.0.1', port, path: requestPath, agent, headers: { 'accept-language': 'ar' } },
        (res) => {
          res.on('data', (chunk) => {
            bytes += chunk.length;
          });
          res.on('end', () => {
            latencies.push(performance.now() - started);
            const status = res.statusCode ?? 0;
            if (status < 200 || status >= 300) non2xx += 1;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors += 1;
        resolve();
      });
    });
  }
  async function connection() {
    while (performance.now() < deadline) {
      await request(paths[next++ % paths.length]);
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, connection));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
    non2xx,
    errors,
    kbPerRequest: latencies.length ? bytes / latencies.length / 1024 : 0,
  };
}

// Main -----------------------------------------------------------------------------------------

function printResult(name: string, r: LoadResult) {
  console.log(
    `  ${name.padEnd(46)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(5)} ms  ` +
      `p90 ${r.p90.toFixed(1).padStart(5)} ms  p99 ${r.p99.toFixed(1).padStart(5)} ms  max ${r.max.toFixed(0).padStart(4)} ms  ` +
      `${r.requests} req, ${r.non2xx} non-2xx, ${r.errors} errors, ${r.kbPerRequest.toFixed(1)} KB`,
  );
}

type ModeRow = LoadResult & { mode: string; scenario: string };

async function runMode(
  label: string,
  url: string,
  data: Catalogue,
  countCacheSeconds: number,
  withBaseline: boolean,
): Promise<ModeRow[]> {
  const port = await freePort();
  const server = await startSearchServer(port, url, countCacheSeconds);
  try {
    console.log(
      `\n${label} (SEARCH_COUNT_CACHE_SECONDS=${countCacheSeconds}), ${CONNECTIONS} connections, ${SECONDS} s each:`,
    );
    const scenarios = searchScenarios(data);
    // Warm-up, then what this machine gives right now for the simplest API call (other load shows here).
    await load(
      port,
      scenarios.flatMap(([, paths]) => paths),
      3,
    );
    const results: ModeRow[] = [];
    if (withBaseline) {
      const r = await load(port, ['/api/health'], 5);
      printResult('baseline: GET /api/health (select 1)', r);
      results.push({ mode: label, scenario: 'baseline: GET /api/health (select 1)', ...r });
    }
    for (const [name, paths] of scenarios) {
      const r = await load(port, paths, SECONDS);
      results.push({ mode: label, scenario: name, ...r });
      printResult(name, r);
    }
    return results;
  } finally {
    await stopProcess(server);
  }
}

async function main() {
  const meta = runMeta();
  pinLoadToCpu1();
  const url = REUSE_DB ? databaseUrl(DB_NAME) : await recreateDatabase(DB_NAME);
  try {
    console.log(`Migrating ${DB_NAME} (the server runs the migrations at start)...`);
    await stopProcess(await startSearchServer(await freePort(), url, 30));

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const data = await (REUSE_DB
      ? keptCatalogue(client)
      : seedCatalogue(client, { teachers: TEACHERS, slots: SLOTS })
    ).finally(() => client.end());
    console.log(
      `${REUSE_DB ? 'Reused' : 'Seeded'} ${data.teachers} teachers, ${data.slots} slots, ${data.subjects.length} subjects in ${data.seconds.toFixed(1)} s` +
        (hasTaskset ? '; server on CPU 0, load generator on CPU 1, PostgreSQL unpinned' : ''),
    );

    const cached = await runMode('Default server', url, data, 30, true);
    const uncached = await runMode('Nothing reused (answers and totals)', url, data, 0, false);
    const worst = (rows: ModeRow[]) =>
      Math.max(...rows.filter((r) => !r.scenario.startsWith('baseline')).map((r) => r.p99));
    const combinedRps = (rows: ModeRow[]) => rows.find((r) => r.scenario.startsWith('combined'))?.rps ?? 0;
    const rows = [...cached, ...uncached].map((r) => ({
      mode: r.mode,
      scenario: r.scenario,
      'req/s': Math.round(r.rps),
      'p50 ms': round(r.p50),
      'p90 ms': round(r.p90),
      'p99 ms': round(r.p99),
      'max ms': Math.round(r.max),
      non2xx: r.non2xx,
      errors: r.errors,
    }));
    writeResult(
      'search',
      {
        title: `Teacher search on PostgreSQL, ${data.teachers} teachers, ${data.slots} slots, ${CONNECTIONS} connections`,
        options: {
          seconds: SECONDS,
          connections: CONNECTIONS,
          teachers: TEACHERS,
          slots: SLOTS,
          cpus: os.cpus().length,
        },
        figures: { rows },
        tables: [{ title: 'search', rows }],
        budgets: [
          budget(
            'Teacher search p99 at 50 connections (PostgreSQL, worst mix, default server)',
            '<= 50 ms',
            `${round(worst(cached))} ms (${round(worst(uncached))} ms with nothing reused)`,
            worst(cached) <= 50,
          ),
          budget(
            'Teacher search p99 at 50 connections with nothing reused (SEARCH_COUNT_CACHE_SECONDS=0, issue 33)',
            '<= 50 ms every mix',
            `${round(worst(uncached))} ms (worst mix)`,
            worst(uncached) <= 50,
          ),
          budget(
            'Teacher search, combined mix (text + subject + rate + day + sort), default server',
            '>= 1,500 req/s',
            `${Math.round(combinedRps(cached))} req/s (${Math.round(combinedRps(uncached))} req/s with nothing reused)`,
            combinedRps(cached) >= 1_500,
          ),
        ],
        notes: ['own load generator (node:http keep-alive), server on CPU 0, load on CPU 1, PostgreSQL unpinned'],
      },
      meta,
    );
  } finally {
    if (KEEP_DB) console.log(`Kept ${DB_NAME} (BENCH_KEEP_DB=1).`);
    else await dropDatabase(DB_NAME);
  }
}

/** What seedCatalogue answered, read back from a kept database (BENCH_REUSE_DB=1). */
async function keptCatalogue(client: pg.Client): Promise<Catalogue> {
  const started = Date.now();
  const { rows: subjects } = await client.query<{ id: number }>('select id from subjects order by sort_order, id');
  const { rows: teachers } = await client.query<{ id: number }>('select id from teacher_profiles order by id');
  const { rows: slots } = await client.query<{ n: number }>('select count(*)::int as n from time_slots');
  if (teachers.length === 0) throw new Error(`${DB_NAME} has no teachers: run once without BENCH_REUSE_DB`);
  await client.query('vacuum analyze');
  return {
    subjects: subjects.map((s) => s.id),
    teachers: teachers.length,
    teacherIds: teachers.map((t) => t.id),
    slots: slots[0]?.n ?? 0,
    seconds: (Date.now() - started) / 1000,
  };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
