// API under load with autocannon (ARCHITECTURE.md "Budgets"), on PostgreSQL and on PGlite, with
// 10k teachers and 200k slots: teacher search (several query mixes), a teacher's open slots,
// GET /api/v1/auth/me and login, each beside the baselines of lib/bare-server.ts measured in the
// same run (bare Fastify, and Fastify + jose KeyObject verify + one indexed query), so the ratios
// hold on a noisy machine. Where `taskset` exists the servers are pinned to CPU 0 and autocannon
// (this process) to CPU 1; PostgreSQL is not pinned.
//
//   npm run api -w @ustaz/bench  [-- --seconds 10] [-- --connections 50] [-- --db postgres|pglite|both]
//                                [-- --teachers 10000] [-- --slots 200000]
//
// PostgreSQL: BENCH_DATABASE_URL or DATABASE_URL names the server; the bench creates and drops its
// own database bench_api. PGlite: /tmp/bench-api-pglite. The per-route login limit (20/min per
// address) is not lifted by RATE_LIMIT_MAX, so the login server runs with TRUST_PROXY=127.0.0.1
// (autocannon, on loopback, stands where a proxy would) and each login request carries its own
// X-Forwarded-For address (a header value only: all traffic goes to 127.0.0.1).
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.ts';
import { type SignedInUser, signedInUsers } from './lib/auth.ts';
import { type Catalogue, searchScenarios, seedCatalogue } from './lib/catalogue.ts';
import { cannon, gets, type Request } from './lib/load.ts';
import type { Queryable } from './lib/queryable.ts';
import { arg, type Budget, budget, printTable, round, runMeta, writeResult } from './lib/results.ts';
import {
  dropDatabase,
  freePort,
  hasTaskset,
  pinLoadToCpu1,
  recreateDatabase,
  scratchDir,
  spawnNode,
  startServer,
  stopProcess,
  waitHealthy,
} from './lib/server.ts';

const SECONDS = arg('seconds', 10);
const CONNECTIONS = arg('connections', 50);
const TEACHERS = arg('teachers', 10_000);
const SLOTS = arg('slots', 200_000);
const DBS = arg('db', 'both');
const DB_NAME = 'bench_api';
const SECRET = randomBytes(32).toString('hex');
const PASSWORD = 'Bench-password-2026';
const LOGIN_USERS = 50;

/**
 * Students for /auth/me and login (argon2id hash made by the server's own function), each with a
 * live session and an access token; on either driver.
 */
type Kind = 'postgres' | 'pglite';
type LoginUser = SignedInUser<{ id: number; email: string; roleId: number }>;
type Prepared = { url?: string; dir?: string; data: Catalogue; users: LoginUser[] };
type MeasureRow = Awaited<ReturnType<typeof cannon>> & { db: Kind; route: string };

async function seedUsers(client: Queryable): Promise<LoginUser[]> {
  const passwordHash = await hashPassword(PASSWORD);
  const { rows } = await client.query<{ id: number; email: string }>(
    `insert into users (email, password_hash, first_name, last_name, role_id, email_confirmed_at)
     select 'api-bench-' || g || '@bench.example', $1, 'Student', 'Bench ' || g, 3, now()
     from generate_series(1, $2::int) g returning id, email`,
    [passwordHash, LOGIN_USERS],
  );
  return signedInUsers(
    client,
    SECRET,
    rows.map((row) => ({ ...row, roleId: 3 })),
  );
}

/** Creates the database (or PGlite folder), lets the server migrate it, seeds it. */
async function prepare(kind: Kind): Promise<Prepared> {
  if (kind === 'postgres') {
    const url = await recreateDatabase(DB_NAME);
    await stopProcess(await startServer({ url, port: await freePort(), name: 'api', env: { JWT_SECRET: SECRET } }));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const data = await seedCatalogue(client, { teachers: TEACHERS, slots: SLOTS });
      return { url, data, users: await seedUsers(client) };
    } finally {
      await client.end();
    }
  }
  const dir = path.join(scratchDir('api-pglite'), 'db');
  const env = { JWT_SECRET: SECRET, PGLITE_DIR: dir };
  await stopProcess(await startServer({ port: await freePort(), name: 'api-pglite', env }));
  const client = await PGlite.create({ dataDir: dir, extensions: { btree_gist, pg_trgm } });
  try {
    const data = await seedCatalogue(client, { teachers: TEACHERS, slots: SLOTS });
    return { dir, data, users: await seedUsers(client) };
  } finally {
    await client.close();
  }
}

function serverEnv(kind: Kind, prepared: Prepared, extra: Record<string, string> = {}) {
  return kind === 'postgres'
    ? { url: prepared.url, name: 'api', env: { JWT_SECRET: SECRET, ...extra } }
    : { name: 'api-pglite', env: { JWT_SECRET: SECRET, PGLITE_DIR: prepared.dir ?? '', ...extra } };
}

async function startBare(kind: Kind, prepared: Prepared) {
  const port = await freePort();
  const child = spawnNode(['--import', 'tsx', 'bench/lib/bare-server.ts'], {
    pin: true,
    env: {
      PORT: String(port),
      JWT_SECRET: SECRET,
      BARE_DATABASE_URL: kind === 'postgres' ? (prepared.url ?? '') : '',
      BARE_USERS: String(Math.max(...prepared.users.map((u) => u.id))),
    },
  });
  await waitHealthy(child, port, { pathName: '/health', label: 'bare Fastify' });
  return { child, port };
}

async function measure(kind: Kind, prepared: Prepared): Promise<MeasureRow[]> {
  const authRequests = (p: string): Request[] =>
    prepared.users.map((user) => ({ method: 'GET', path: p, headers: { authorization: `Bearer ${user.token}` } }));
  const teacherIds = prepared.data.teacherIds.filter(
    (_, i) => i % Math.ceil(prepared.data.teacherIds.length / 100) === 0,
  );

  const rows: MeasureRow[] = [];
  const bare = await startBare(kind, prepared);
  let server: ChildProcess | undefined;
  try {
    const serverPort = await freePort();
    server = await startServer({ port: serverPort, pin: true, ...serverEnv(kind, prepared) });
    const scenarios: [name: string, port: number, requests: Request[]][] = [
      ['bare Fastify: GET /bare', bare.port, gets(['/bare'])],
      ['baseline: Fastify + jose verify + 1 indexed query', bare.port, authRequests('/jwt-query')],
      ['GET /api/v1/auth/me', serverPort, authRequests('/api/v1/auth/me')],
      ...searchScenarios(prepared.data).map(([name, paths]): [string, number, Request[]] => [
        `search: ${name}`,
        serverPort,
        gets(paths, { 'accept-language': 'ar' }),
      ]),
      [
        "a teacher's open slots (100 teachers)",
        serverPort,
        gets(teacherIds.map((id) => `/api/teachers/teachers/${id}/available-time-slots`)),
      ],
    ];
    // Warm-up: every scenario briefly, so JIT, caches and pools are warm before the figures.
    for (const [, port, requests] of scenarios) await cannon({ port, requests, seconds: 1, connections: 10 });
    for (const [name, port, requests] of scenarios) {
      const r = await cannon({ port, requests, seconds: SECONDS, connections: CONNECTIONS });
      rows.push({ db: kind, route: name, ...r });
      console.log(
        `  ${kind.padEnd(8)} ${name.padEnd(58)} ${String(Math.round(r.rps)).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  non-2xx ${r.non2xx}  errors ${r.errors}`,
      );
    }
    // Login on a server that takes the client address from X-Forwarded-For (see the header comment).
    await stopProcess(server);
    server = await startServer({
      port: serverPort,
      pin: true,
      ...serverEnv(kind, prepared, { TRUST_PROXY: '127.0.0.1' }),
    });
    let address = 0;
    const loginRequests: Request[] = prepared.users.map((user) => ({
      method: 'POST',
      path: '/api/v1/auth/email/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
      setupRequest: (request) => {
        address += 1;
        const ip = `127.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
        return { ...request, headers: { ...request.headers, 'x-forwarded-for': ip } };
      },
    }));
    await cannon({ port: serverPort, requests: loginRequests, seconds: 2, connections: 10 });
    const login = await cannon({
      port: serverPort,
      requests: loginRequests,
      seconds: SECONDS,
      connections: CONNECTIONS,
    });
    rows.push({ db: kind, route: 'POST /api/v1/auth/email/login (argon2id)', ...login });
    console.log(
      `  ${kind.padEnd(8)} ${'login'.padEnd(58)} ${String(Math.round(login.rps)).padStart(6)} req/s  p50 ${login.p50} ms  p99 ${login.p99} ms  non-2xx ${login.non2xx}  errors ${login.errors}`,
    );
  } finally {
    await stopProcess(server);
    await stopProcess(bare.child);
  }
  return rows;
}

async function main() {
  const meta = runMeta();
  pinLoadToCpu1();
  const requested = DBS === 'both' ? ['postgres', 'pglite'] : [DBS];
  const kinds = requested.filter((k): k is Kind => k === 'postgres' || k === 'pglite');
  if (kinds.length !== requested.length) throw new Error('--db is postgres, pglite or both');
  console.log(
    `API bench: ${CONNECTIONS} connections, ${SECONDS} s per route` +
      (hasTaskset
        ? '; servers on CPU 0, autocannon on CPU 1, PostgreSQL unpinned'
        : '; taskset not found: nothing pinned'),
  );
  const rows: MeasureRow[] = [];
  const seeded: Partial<Record<Kind, { teachers: number; slots: number; seedSeconds: number }>> = {};
  for (const kind of kinds) {
    try {
      console.log(`\n${kind}: seeding ${TEACHERS} teachers and ${SLOTS} slots...`);
      const prepared = await prepare(kind);
      seeded[kind] = {
        teachers: prepared.data.teachers,
        slots: prepared.data.slots,
        seedSeconds: round(prepared.data.seconds),
      };
      console.log(`  seeded in ${prepared.data.seconds.toFixed(1)} s`);
      rows.push(...(await measure(kind, prepared)));
    } finally {
      if (kind === 'postgres') await dropDatabase(DB_NAME);
    }
  }

  const table = rows.map((r) => {
    const bare = rows.find((x) => x.db === r.db && x.route.startsWith('bare'));
    const baseline = rows.find((x) => x.db === r.db && x.route.startsWith('baseline'));
    return {
      db: r.db,
      route: r.route,
      'req/s': Math.round(r.rps),
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'vs bare': bare ? `${round((100 * r.rps) / bare.rps)}%` : '',
      'vs JWT+query': r.route.includes('auth/me') && baseline ? `${round((100 * r.rps) / baseline.rps)}%` : '',
      'non-2xx': r.non2xx,
      errors: r.errors,
    };
  });
  printTable(`API at ${CONNECTIONS} connections, ${SECONDS} s each (ratios to the baselines of the same run):`, table);

  const budgets: Budget[] = [];
  const pgRows = rows.filter((r) => r.db === 'postgres');
  const me = pgRows.find((r) => r.route.includes('auth/me'));
  const baseline = pgRows.find((r) => r.route.startsWith('baseline'));
  const search = pgRows.filter((r) => r.route.startsWith('search'));
  const login = pgRows.find((r) => r.route.includes('login'));
  if (me && baseline && login && search.length > 0) {
    const worst = search.reduce((a, b) => (b.p99 > a.p99 ? b : a));
    const combined = search.find((r) => r.route.includes('combined'));
    const ratio = me.rps / baseline.rps;
    budgets.push(
      budget(
        'GET /api/v1/auth/me vs Fastify + JWT + one indexed query (PostgreSQL, same run)',
        '>= 70%',
        `${round(ratio * 100)}% (${Math.round(me.rps)} vs ${Math.round(baseline.rps)} req/s; p99 ${me.p99} ms)`,
        ratio >= 0.7,
      ),
      budget(
        'Teacher search p99 at 50 connections (PostgreSQL, 10k teachers, 200k slots, worst mix)',
        '<= 50 ms',
        `${worst.p99} ms (${worst.route.replace('search: ', '')}); best mix ${Math.min(...search.map((r) => r.p99))} ms`,
        worst.p99 <= 50,
      ),
      ...(combined
        ? [
            budget(
              'Teacher search, combined mix (text + subject + rate + day + sort), PostgreSQL',
              '>= 1,500 req/s',
              `${Math.round(combined.rps)} req/s (p99 ${combined.p99} ms)`,
              combined.rps >= 1_500,
            ),
          ]
        : []),
      budget(
        'Login (argon2id, OWASP parameters) on PostgreSQL',
        '>= 30/s',
        `${round(login.rps)}/s (p99 ${login.p99} ms)`,
        login.rps >= 30,
      ),
    );
  }
  const errors = rows
    .filter((r) => r.errors > 0 || r.non2xx > 0)
    .map((r) => `${r.db} ${r.route}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  writeResult(
    'api',
    {
      title: 'API with autocannon on PostgreSQL and PGlite',
      options: {
        seconds: SECONDS,
        connections: CONNECTIONS,
        teachers: TEACHERS,
        slots: SLOTS,
        dbs: kinds,
        pinned: hasTaskset,
      },
      figures: { seeded, rows },
      tables: [{ title: 'api', rows: table }],
      budgets,
      notes: [
        hasTaskset
          ? 'servers pinned to CPU 0, autocannon on CPU 1, PostgreSQL unpinned'
          : 'nothing pinned (no taskset)',
        'PGlite is reported beside PostgreSQL (one connection, no budget of its own)',
        ...errors,
      ],
    },
    meta,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
