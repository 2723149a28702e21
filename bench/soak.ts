// Soak (ARCHITECTURE.md / issue 8: "10 minutes of mixed load; memory and database connections
// flat"). One real server on PostgreSQL (its own database bench_soak, dropped at the end) with the
// catalogue of the API bench, under a steady mix for `--minutes`: teacher search, teacher pages,
// a teacher's slots, /auth/me, a few bookings (wallet) and chat messages over socket.io. Every
// 10 s it samples the server's RSS (/proc/<pid>/status), its V8 heap (process.memoryUsage()
// written by lib/memory-probe.ts, loaded with `node --import`: no inspector) and the database's
// connections (pg_stat_activity). Reports first / last / max and the least-squares slope after
// warm-up; "flat" = the growth the slope predicts over the post-warm-up period is under 5% of the
// level (and under 1 connection for connections).
//
//   npm run soak -w @ustaz/bench  [-- --minutes 10] [-- --workers 10] [-- --teachers 10000] [-- --slots 200000]
//     (BENCH_DATABASE_URL or DATABASE_URL: the PostgreSQL server)
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { resign, type SignedInUser, signedInUsers } from './lib/auth.ts';
import { type Catalogue, searchScenarios, seedCatalogue } from './lib/catalogue.ts';
import { type ChatSocket, openSocket } from './lib/chat-socket.ts';
import { fundWallets } from './lib/money.ts';
import { arg, budget, printTable, type Row, round, runMeta, writeResult } from './lib/results.ts';
import {
  baseDatabaseUrl,
  dropDatabase,
  freePort,
  hasTaskset,
  pinLoadToCpu1,
  recreateDatabase,
  root,
  scratchDir,
  startServer,
  stopProcess,
} from './lib/server.ts';

const MINUTES = arg('minutes', 10);
const WORKERS = arg('workers', 10);
const TEACHERS = arg('teachers', 10_000);
const SLOTS = arg('slots', 200_000);
const SAMPLE_SECONDS = arg('sample-seconds', 10);
const WARMUP_SHARE = 0.2;
const DB_NAME = 'bench_soak';
const SECRET = randomBytes(32).toString('hex');
const STUDENTS = 100;
const CHAT_PAIRS = 10;

// What a worker sends, by weight (per 100 requests).
type MixName = 'search' | 'teacher page' | 'slots' | 'auth/me' | 'booking';
const MIX: [name: MixName, weight: number][] = [
  ['search', 40],
  ['teacher page', 20],
  ['slots', 20],
  ['auth/me', 17],
  ['booking', 3],
];

type Options = { method?: string; path: string | undefined; headers?: Record<string, string>; body?: unknown };
type Answer = { status: number; ms: number };
type Sample = {
  minute: number;
  rss: number;
  heapUsed: number | undefined;
  heapTotal: number | undefined;
  external: number | undefined;
  connections: number;
  requests: number;
};

function request(
  agent: http.Agent,
  port: number,
  { method = 'GET', path: requestPath, headers = {}, body }: Options,
): Promise<Answer> {
  return new Promise<Answer>((resolve) => {
    const started = performance.now();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: requestPath,
        method,
        agent,
        headers: payload
          ? { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
          : headers,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(payload);
  });
}

function readProc(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? Number.NaN) * 1024;
}

/** Least-squares slope of y over x (minutes). */
function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const num = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

type SampleKey = 'rss' | 'heapUsed' | 'connections';

function series(samples: Sample[], key: SampleKey, scale: number, flatWhen: (growth: number, mean: number) => boolean) {
  const reading = (sample: Sample) => sample[key] ?? Number.NaN;
  const values = samples.map(reading).filter((v) => Number.isFinite(v));
  if (values.length === 0) return null;
  const warm = samples.filter((s) => s.minute >= MINUTES * WARMUP_SHARE && Number.isFinite(reading(s)));
  const perMinute = slope(warm.map((s) => ({ x: s.minute, y: reading(s) })));
  const span = warm.length > 1 ? (warm.at(-1)?.minute ?? 0) - (warm[0]?.minute ?? 0) : 0;
  const mean = warm.reduce((sum, s) => sum + reading(s), 0) / Math.max(1, warm.length);
  const growth = perMinute * span;
  return {
    first: round((values[0] ?? Number.NaN) / scale),
    last: round((values.at(-1) ?? Number.NaN) / scale),
    max: round(Math.max(...values) / scale),
    slopePerMinute: round(perMinute / scale, 2),
    growthAfterWarmup: round(growth / scale, 1),
    flat: flatWhen(growth, mean),
  };
}

async function main() {
  const meta = runMeta();
  pinLoadToCpu1();
  const dir = scratchDir('soak');
  const memoryFile = path.join(dir, 'memory.json');
  const url = await recreateDatabase(DB_NAME);
  let server: ChildProcess | undefined;
  let monitor: pg.Client | undefined;
  const sockets: { s: ChatSocket; t: ChatSocket; teacherId: number }[] = [];
  try {
    console.log(`Soak: migrating and seeding ${TEACHERS} teachers, ${SLOTS} slots on PostgreSQL (${DB_NAME})...`);
    await stopProcess(await startServer({ url, port: await freePort(), name: 'soak', env: { JWT_SECRET: SECRET } }));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    let data: Catalogue;
    let students: SignedInUser[];
    let teachers: SignedInUser[];
    let slotIds: { id: number; price: string }[];
    try {
      data = await seedCatalogue(client, { teachers: TEACHERS, slots: SLOTS });
      const { rows: studentRows } = await client.query(
        `insert into users (email, first_name, last_name, role_id, email_confirmed_at)
         select 'soak-' || g || '@bench.example', 'Student', 'Soak ' || g, 3, now() from generate_series(1, $1::int) g
         returning id`,
        [STUDENTS],
      );
      await fundWallets(
        client,
        studentRows.map((r: { id: number }) => r.id),
        10_000_000,
        'soak',
      );
      students = await signedInUsers(
        client,
        SECRET,
        studentRows.map((r: { id: number }) => ({ id: r.id, roleId: 3 })),
      );
      const { rows: teacherRows } = await client.query(
        'select user_id as id from teacher_profiles order by id limit $1',
        [CHAT_PAIRS],
      );
      teachers = await signedInUsers(
        client,
        SECRET,
        teacherRows.map((r: { id: number }) => ({ id: r.id, roleId: 2 })),
      );
      ({ rows: slotIds } = await client.query(
        `select id, to_char(price_fils / 1000.0, 'FM9999990.000') as price from time_slots where status = 'open' and start_time > now() + interval '1 day' order by random() limit 5000`,
      ));
    } finally {
      await client.end();
    }

    const port = await freePort();
    server = await startServer({
      url,
      port,
      pin: true,
      name: 'soak',
      env: { JWT_SECRET: SECRET, BENCH_MEMORY_FILE: memoryFile },
      nodeArgs: ['--import', pathToFileURL(path.join(root, 'bench/lib/memory-probe.ts')).href],
    });
    monitor = new pg.Client({ connectionString: baseDatabaseUrl });
    await monitor.connect();

    // Chat: CHAT_PAIRS students each send a message to a teacher every 2 s, teachers connected.
    const chat = { sent: 0, acked: 0, delivered: 0, latencies: [] as number[] };
    const sentAt = new Map<string, number>();
    for (let i = 0; i < CHAT_PAIRS && i < teachers.length; i++) {
      const s = await openSocket(`http://127.0.0.1:${port}`, students[i]?.token);
      const t = await openSocket(`http://127.0.0.1:${port}`, teachers[i]?.token);
      t.on('message:new', (message) => {
        const at = message.clientMessageId === null ? undefined : sentAt.get(message.clientMessageId);
        if (at !== undefined) {
          chat.delivered += 1;
          chat.latencies.push(performance.now() - at);
          if (message.clientMessageId !== null) sentAt.delete(message.clientMessageId);
        }
      });
      sockets.push({ s, t, teacherId: teachers[i]?.id ?? 0 });
    }

    const scenarios = searchScenarios(data).flatMap(([, paths]) => paths);
    type Stat = { count: number; non2xx: number; errors: number; latencies: number[] };
    const stats = new Map(
      MIX.map(([name]): [MixName, Stat] => [name, { count: 0, non2xx: 0, errors: 0, latencies: [] }]),
    );
    const statuses: Record<string, number> = {};
    const totalWeight = MIX.reduce((s, [, w]) => s + w, 0);
    const deadline = Date.now() + MINUTES * 60_000;
    const agent = new http.Agent({ keepAlive: true, maxSockets: WORKERS });
    let nextSlot = 0;
    let counter = 0;

    function pickRequest(): [MixName, Options] {
      counter += 1;
      let roll = Math.random() * totalWeight;
      let name: MixName = 'search';
      for (const [candidate, weight] of MIX) {
        roll -= weight;
        if (roll < 0) {
          name = candidate;
          break;
        }
      }
      const student = students[counter % students.length];
      const teacherId = data.teacherIds[Math.floor(Math.random() * data.teacherIds.length)];
      const auth = { authorization: `Bearer ${student?.token}` };
      switch (name) {
        case 'search':
          return [name, { path: scenarios[counter % scenarios.length], headers: { 'accept-language': 'ar' } }];
        case 'teacher page':
          return [name, { path: `/api/teachers/profiles/${teacherId}`, headers: { 'accept-language': 'en' } }];
        case 'slots':
          return [name, { path: `/api/teachers/teachers/${teacherId}/available-time-slots` }];
        case 'auth/me':
          return [name, { path: '/api/v1/auth/me', headers: auth }];
        default: {
          const slot = slotIds[nextSlot++ % slotIds.length];
          return [
            name,
            {
              method: 'POST',
              path: '/api/v1/booking/single',
              headers: { ...auth, 'idempotency-key': randomUUID() },
              body: { timeSlotId: slot?.id, paymentMethod: 'balance', expectedTotal: slot?.price },
            },
          ];
        }
      }
    }

    async function worker() {
      while (Date.now() < deadline) {
        const [name, options] = pickRequest();
        const r = await request(agent, port, options);
        const s = stats.get(name);
        if (!s) continue;
        s.count += 1;
        s.latencies.push(r.ms);
        statuses[`${name} ${r.status}`] = (statuses[`${name} ${r.status}`] ?? 0) + 1;
        // A booking of a slot someone already took is a 409 by design.
        if (r.status === 0) s.errors += 1;
        else if ((r.status < 200 || r.status >= 300) && !(name === 'booking' && r.status === 409)) s.non2xx += 1;
      }
    }

    async function chatter() {
      let m = 0;
      while (Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 2000));
        await Promise.all(
          sockets.map(async ({ s, teacherId }, i) => {
            const clientMessageId = `soak-${i}-${m}`;
            sentAt.set(clientMessageId, performance.now());
            chat.sent += 1;
            const ack = await s
              .timeout(10_000)
              .emitWithAck('message', { recipientId: teacherId, content: `soak ${m}`, clientMessageId })
              .catch(() => ({ ok: false }));
            if (ack.ok) chat.acked += 1;
          }),
        );
        m += 1;
      }
    }

    // Access tokens last 15 minutes: sign again (same sessions) every 10 minutes.
    const resignTimer = setInterval(async () => {
      for (const student of students) student.token = await resign(SECRET, student);
    }, 10 * 60_000);

    const samples: Sample[] = [];
    const started = Date.now();
    const watch = monitor;
    async function sample() {
      const {
        rows: [c],
      } = await watch.query('select count(*)::int as n from pg_stat_activity where datname = $1', [DB_NAME]);
      let memory: Partial<NodeJS.MemoryUsage> = {};
      try {
        memory = JSON.parse(readFileSync(memoryFile, 'utf8')) as NodeJS.MemoryUsage;
      } catch {}
      const s: Sample = {
        minute: round((Date.now() - started) / 60_000, 2),
        rss: readProc(server?.pid),
        heapUsed: memory.heapUsed,
        heapTotal: memory.heapTotal,
        external: memory.external,
        connections: c.n,
        requests: [...stats.values()].reduce((sum, x) => sum + x.count, 0),
      };
      samples.push(s);
      console.log(
        `  ${s.minute.toFixed(1).padStart(5)} min  rss ${(s.rss / 2 ** 20).toFixed(1)} MB  heap ${((s.heapUsed ?? 0) / 2 ** 20).toFixed(1)} MB  db connections ${s.connections}  requests ${s.requests}`,
      );
    }
    console.log(
      `Mixed load for ${MINUTES} min: ${WORKERS} workers, ${CHAT_PAIRS} chat pairs` +
        (hasTaskset ? '; server on CPU 0, load on CPU 1' : ''),
    );
    await sample();
    const sampler = setInterval(
      () => void sample().catch((error: unknown) => console.error(error instanceof Error ? error.message : error)),
      SAMPLE_SECONDS * 1000,
    );
    try {
      await Promise.all([...Array.from({ length: WORKERS }, worker), chatter()]);
    } finally {
      clearInterval(sampler);
      clearInterval(resignTimer);
      agent.destroy();
    }
    await sample();

    const MB = 2 ** 20;
    const memoryFlat = (growth: number, mean: number) => growth < Math.max(0.05 * mean, 5 * MB);
    const figures = {
      minutes: MINUTES,
      workers: WORKERS,
      rssMb: series(samples, 'rss', MB, memoryFlat),
      heapUsedMb: series(samples, 'heapUsed', MB, memoryFlat),
      dbConnections: series(samples, 'connections', 1, (growth) => growth < 1),
      samples,
      requests: [] as Row[],
      statuses,
    };
    const pct = (list: number[], p: number) => {
      const sorted = [...list].sort((a, b) => a - b);
      return sorted.length
        ? round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN)
        : null;
    };
    const requestRows: Row[] = [...stats].map(([name, s]) => ({
      request: name,
      count: s.count,
      'req/s': round(s.count / (MINUTES * 60)),
      'p50 ms': pct(s.latencies, 50),
      'p99 ms': pct(s.latencies, 99),
      'non-2xx': s.non2xx,
      errors: s.errors,
    }));
    requestRows.push({
      request: 'chat message (socket)',
      count: chat.sent,
      'req/s': round(chat.sent / (MINUTES * 60)),
      'p50 ms': pct(chat.latencies, 50),
      'p99 ms': pct(chat.latencies, 99),
      'non-2xx': chat.sent - chat.acked,
      errors: chat.acked - chat.delivered,
    });
    figures.requests = requestRows;
    printTable('Requests (latency under the mixed load):', requestRows);
    const memRows = (
      [
        ['server RSS (MB)', figures.rssMb],
        ['V8 heap used (MB)', figures.heapUsedMb],
        ['database connections', figures.dbConnections],
      ] as const
    ).map(([what, s]) => ({ what, ...(s ?? { first: 'not measured' }) }));
    printTable(`Samples every ${SAMPLE_SECONDS} s (slope after the first ${WARMUP_SHARE * 100}% of the run):`, memRows);
    const describe = (s: ReturnType<typeof series>, unit: string) =>
      s
        ? `${s.first} -> ${s.last} ${unit} (max ${s.max}, ${s.slopePerMinute >= 0 ? '+' : ''}${s.slopePerMinute} ${unit}/min after warm-up)`
        : 'not measured';
    writeResult(
      'soak',
      {
        title: `Soak: ${MINUTES} min of mixed load on PostgreSQL`,
        options: {
          minutes: MINUTES,
          workers: WORKERS,
          teachers: TEACHERS,
          slots: SLOTS,
          sampleSeconds: SAMPLE_SECONDS,
          chatPairs: CHAT_PAIRS,
          mix: MIX,
        },
        figures,
        tables: [
          { title: 'requests', rows: requestRows },
          { title: 'memory and connections', rows: memRows },
        ],
        budgets: [
          budget(
            `Soak (${MINUTES} min): server memory flat`,
            'no steady growth after warm-up',
            `RSS ${describe(figures.rssMb, 'MB')}; heap ${describe(figures.heapUsedMb, 'MB')}`,
            Boolean(figures.rssMb?.flat && figures.heapUsedMb?.flat),
          ),
          budget(
            `Soak (${MINUTES} min): database connections flat`,
            'no steady growth (pool of 10)',
            describe(figures.dbConnections, ''),
            Boolean(figures.dbConnections?.flat),
          ),
        ],
        notes: [
          `${MINUTES} min; ${WORKERS} keep-alive workers without think time plus ${CHAT_PAIRS} chat pairs; heap from process.memoryUsage() via node --import (bench/lib/memory-probe.ts)`,
        ],
      },
      meta,
    );
  } finally {
    for (const { s, t } of sockets) {
      s.disconnect();
      t.disconnect();
    }
    await monitor?.end().catch(() => {});
    await stopProcess(server);
    await dropDatabase(DB_NAME);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
