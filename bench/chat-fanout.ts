// Chat (ARCHITECTURE.md "Budgets", issue 19): 2 server processes + Redis + PostgreSQL, 1000 sockets:
//   (a) steady: 100 messages/s for 60 s -> delivery p99 <= 50 ms, 0 lost, 0 duplicated;
//   (b) burst: 2,500 messages sent at once -> all delivered within 3 s, 0 lost, 0 duplicated;
//   (c) the same two loads on a bare socket.io relay (2 processes + Redis, no database; lib/bare-relay.ts)
//       in the same run, as the limit.
// Prints figures and writes bench/results/chat-fanout.json; never fails on a threshold.
//
//   npm run chat -w @ustaz/bench [-- --sockets 1000] [-- --rate 100] [-- --seconds 60] [-- --burst 2500]
//                                [-- --skip-relay] [-- --profile <dir>]
//     (BENCH_DATABASE_URL or DATABASE_URL: the PostgreSQL server; REDIS_URL, default local Redis)
//
// Starts two real server processes on its own fresh database bench_chat (dropped at the end), fanned
// out through Redis under a unique REDIS_PREFIX. Half the sockets are students connected to process
// A, half their teachers on process B. Messages go student -> teacher, round-robin over the students,
// without waiting for acks (an open loop): steady sends `--rate` per second in 10 ms ticks; the burst
// emits all at once. Delivery latency is send -> `message:new` at the teacher (same machine clock).
// Between the two parts the bench waits for the per-user message window (message-limiter.ts) to end.

import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createAccessTokens } from '../apps/server/src/modules/auth/tokens.ts';
import { MESSAGE_BURST, MESSAGE_WINDOW_MS } from '../apps/server/src/realtime/message-limiter.ts';
import { type ChatSocket, openSocket } from './lib/chat-socket.ts';
import { arg, budget, printTable, round, runMeta, writeResult } from './lib/results.ts';
import {
  dropDatabase,
  freePort,
  recreateDatabase,
  root,
  spawnNode,
  startServer,
  stopProcess,
  waitHealthy,
} from './lib/server.ts';

const SOCKETS = arg('sockets', Number(process.env.CHAT_SOCKETS || 1000));
const RATE = arg('rate', 100);
const SECONDS = arg('seconds', 60);
const BURST = arg('burst', 2500);
const SKIP_RELAY = arg('skip-relay', false);
/** A folder for the server processes' CPU profiles (`node --cpu-prof`), written when they stop. */
const PROFILE_DIR = arg('profile', '');
const DB_NAME = 'bench_chat';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const PAIRS = Math.floor(SOCKETS / 2);
const SECRET = randomBytes(32).toString('hex');
const PREFIX = `bench-chat-${randomBytes(4).toString('hex')}`;
/** How long the bench waits for the last deliveries of a part. */
const DRAIN_MS = 15_000;

type ChatUser = { id: number; family: string };
type Pair = { student: ChatSocket; teacher: ChatSocket; recipientId: number };

async function seed(client: pg.Client): Promise<{ students: ChatUser[]; teachers: ChatUser[] }> {
  const { rows: students } = await client.query(
    `insert into users (email, first_name, last_name, role_id, email_confirmed_at)
     select 'chat-s' || g || '@bench.example', 'Student', g::text, 3, now() from generate_series(1, $1) g returning id`,
    [PAIRS],
  );
  const { rows: teachers } = await client.query(
    `insert into users (email, first_name, last_name, role_id, email_confirmed_at)
     select 'chat-t' || g || '@bench.example', 'Teacher', g::text, 2, now() from generate_series(1, $1) g returning id`,
    [PAIRS],
  );
  const all: ChatUser[] = [...students, ...teachers].map((row: { id: number }) => ({
    id: row.id,
    family: randomUUID(),
  }));
  await client.query(
    `insert into sessions (user_id, family_id, token_hash, expires_at)
     select * from unnest($1::int[], $2::uuid[], $3::text[], $4::timestamptz[])`,
    [
      all.map((u) => u.id),
      all.map((u) => u.family),
      all.map(() => randomUUID()),
      all.map(() => new Date(Date.now() + 3600_000)),
    ],
  );
  return { students: all.slice(0, PAIRS), teachers: all.slice(PAIRS) };
}

/** Process RSS (MB) of a child from /proc, or null. */
async function rssMb(pid: number | undefined): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(status.match(/VmRSS:\s+(\d+)/)?.[1]) / 1024);
  } catch {
    return null;
  }
}

/** Opens the pairs' sockets, 25 pairs at a time: students on `urlA`, teachers on `urlB`. */
async function connectPairs(
  urlA: string,
  urlB: string,
  token: (side: 'student' | 'teacher', i: number) => Promise<string>,
  recipientOf: (i: number) => number,
) {
  const pairs: Pair[] = [];
  let failures = 0;
  let firstError: string | null = null;
  const started = performance.now();
  for (let from = 0; from < PAIRS; from += 25) {
    const batch = Array.from({ length: Math.min(25, PAIRS - from) }, (_, k) => from + k);
    const opened = await Promise.all(
      batch.map(async (i) => {
        try {
          const [student, teacher] = await Promise.all([
            openSocket(urlA, await token('student', i)),
            openSocket(urlB, await token('teacher', i)),
          ]);
          return { student, teacher, recipientId: recipientOf(i) };
        } catch (error) {
          failures += 1;
          firstError ??= error instanceof Error ? error.message : String(error);
          return null;
        }
      }),
    );
    for (const pair of opened) if (pair) pairs.push(pair);
  }
  return { pairs, failures, firstError, seconds: round((performance.now() - started) / 1000) };
}

/** What one part saw: sends, acks, deliveries at the teachers and their latencies. */
function recorder(name: string) {
  const sentAt = new Map<string, number>();
  const deliveries = new Map<string, number>();
  const latencies: number[] = [];
  let acked = 0;
  let refused = 0;
  let timedOut = 0;
  let firstSend = 0;
  let lastDelivery = 0;
  let sequence = 0;
  return {
    send(pair: Pair) {
      sequence += 1;
      const clientMessageId = `${name}-${sequence}`;
      const at = performance.now();
      if (sentAt.size === 0) firstSend = at;
      sentAt.set(clientMessageId, at);
      pair.student
        .timeout(30_000)
        .emitWithAck('message', { recipientId: pair.recipientId, content: `message ${sequence}`, clientMessageId })
        .then(
          (ack) => {
            if (ack.ok) acked += 1;
            else refused += 1;
          },
          () => {
            timedOut += 1;
          },
        );
    },
    delivered(clientMessageId: string | null) {
      if (clientMessageId === null) return;
      const at = sentAt.get(clientMessageId);
      if (at === undefined) return;
      const count = (deliveries.get(clientMessageId) ?? 0) + 1;
      deliveries.set(clientMessageId, count);
      if (count === 1) {
        const now = performance.now();
        latencies.push(now - at);
        lastDelivery = now;
      }
    },
    /** Resolves once every sent message is delivered and answered, or after `ms`. */
    async drained(ms: number) {
      const until = performance.now() + ms;
      while (performance.now() < until) {
        if (deliveries.size === sentAt.size && acked + refused + timedOut === sentAt.size) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    figures() {
      latencies.sort((x, y) => x - y);
      const pct = (p: number) =>
        latencies.length
          ? round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0)
          : null;
      const spanSeconds = lastDelivery > firstSend ? (lastDelivery - firstSend) / 1000 : null;
      return {
        sent: sentAt.size,
        acknowledged: acked,
        refused,
        ackTimedOut: timedOut,
        delivered: deliveries.size,
        lost: sentAt.size - deliveries.size,
        duplicated: [...deliveries.values()].filter((n) => n > 1).length,
        deliveryP50Ms: pct(50),
        deliveryP90Ms: pct(90),
        deliveryP99Ms: pct(99),
        deliveryMaxMs: latencies.length ? round(latencies.at(-1) ?? 0) : null,
        firstSendToLastDeliverySeconds: spanSeconds === null ? null : round(spanSeconds, 2),
        deliveredPerSecond: spanSeconds ? Math.round(deliveries.size / spanSeconds) : null,
      };
    },
  };
}
type Part = ReturnType<ReturnType<typeof recorder>['figures']>;

/** Both loads on connected pairs: steady, a pause for the per-user message window, then the burst. */
async function runLoads(label: string, pairs: Pair[]): Promise<{ steady: Part; burst: Part }> {
  let current: ReturnType<typeof recorder> | null = null;
  for (const pair of pairs) pair.teacher.on('message:new', (message) => current?.delivered(message.clientMessageId));
  let next = 0;
  const nextPair = () => pairs[next++ % pairs.length] as Pair;

  const steady = recorder(`${label}-steady`);
  current = steady;
  const started = performance.now();
  let sent = 0;
  const total = Math.round(RATE * SECONDS);
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * RATE));
      for (; sent < due; sent += 1) steady.send(nextPair());
      if (sent >= total) {
        clearInterval(tick);
        resolve();
      }
    }, 10);
  });
  await steady.drained(DRAIN_MS);
  const steadyFigures = steady.figures();
  printTable(`${label}: steady, ${RATE} messages/s for ${SECONDS} s`, rows(steadyFigures));

  // The senders' per-user windows (MESSAGE_BURST per MESSAGE_WINDOW_MS) end before the burst.
  await new Promise((resolve) => setTimeout(resolve, MESSAGE_WINDOW_MS + 500));
  const burst = recorder(`${label}-burst`);
  current = burst;
  for (let i = 0; i < BURST; i += 1) burst.send(nextPair());
  await burst.drained(DRAIN_MS);
  const burstFigures = burst.figures();
  printTable(`${label}: burst of ${BURST} messages at once`, rows(burstFigures));
  current = null;
  return { steady: steadyFigures, burst: burstFigures };
}

const rows = (figures: Record<string, unknown>) =>
  Object.entries(figures).map(([figure, value]) => ({
    figure,
    value: Array.isArray(value) ? value.join(' / ') : value,
  }));

/** The real server: two processes + Redis + PostgreSQL. */
async function serverRun() {
  const url = await recreateDatabase(DB_NAME);
  const env = { JWT_SECRET: SECRET, REDIS_URL, REDIS_PREFIX: PREFIX, MONEY_SWEEP_SECONDS: '3600' };
  let a: ChildProcess | undefined;
  let b: ChildProcess | undefined;
  let client: pg.Client | undefined;
  let pairs: Pair[] = [];
  try {
    const [portA, portB] = [await freePort(), await freePort()];
    const nodeArgs = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
    a = await startServer({ url, port: portA, env, name: 'chat-a', nodeArgs });
    b = await startServer({ url, port: portB, env, name: 'chat-b', nodeArgs });
    client = new pg.Client({ connectionString: url });
    await client.connect();
    const { students, teachers } = await seed(client);
    const tokens = createAccessTokens(SECRET);
    const connected = await connectPairs(
      `http://127.0.0.1:${portA}`,
      `http://127.0.0.1:${portB}`,
      async (side, i) => {
        const user = (side === 'student' ? students : teachers)[i];
        const roleId = side === 'student' ? 3 : 2;
        return (await tokens.sign({ userId: user?.id ?? 0, roleId, sessionFamily: user?.family ?? '' })).token;
      },
      (i) => teachers[i]?.id ?? 0,
    );
    pairs = connected.pairs;
    const loads = await runLoads('server', pairs);
    const {
      rows: [stored],
    } = await client.query('select count(*)::int as n from messages');
    return {
      socketsConnected: pairs.length * 2,
      connectFailures: connected.failures,
      firstConnectError: connected.firstError,
      connectAllSeconds: connected.seconds,
      rowsInMessages: stored.n as number,
      serverRssMb: [await rssMb(a.pid), await rssMb(b.pid)],
      ...loads,
    };
  } finally {
    for (const pair of pairs) {
      pair.student.disconnect();
      pair.teacher.disconnect();
    }
    await client?.end();
    // One after the other, once the disconnects have settled: a process closing while the other
    // still asks it over Redis can fail on its closed Redis client.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await stopProcess(a);
    await stopProcess(b);
    await dropDatabase(DB_NAME);
  }
}

/** The bare relay: two processes + Redis, no database, the same loads. */
async function relayRun() {
  const relays: ChildProcess[] = [];
  let pairs: Pair[] = [];
  try {
    const ports = [await freePort(), await freePort()];
    for (const [index, port] of ports.entries()) {
      const relay = spawnNode(['--import', 'tsx', path.join(root, 'bench/lib/bare-relay.ts')], {
        env: { PORT: String(port), REDIS_URL, REDIS_PREFIX: `${PREFIX}-relay`, RELAY_INDEX: String(index) },
      });
      relays.push(relay);
      await waitHealthy(relay, port, { pathName: '/health', label: `relay ${index}` });
    }
    // Users 1..PAIRS are students, PAIRS+1..2*PAIRS their teachers; the token is the user id.
    const connected = await connectPairs(
      `http://127.0.0.1:${ports[0]}`,
      `http://127.0.0.1:${ports[1]}`,
      async (side, i) => String(side === 'student' ? i + 1 : PAIRS + i + 1),
      (i) => PAIRS + i + 1,
    );
    pairs = connected.pairs;
    const loads = await runLoads('relay', pairs);
    return { socketsConnected: pairs.length * 2, connectFailures: connected.failures, ...loads };
  } finally {
    for (const pair of pairs) {
      pair.student.disconnect();
      pair.teacher.disconnect();
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const relay of relays) await stopProcess(relay);
  }
}

async function main() {
  const meta = runMeta();
  const perStudent = Math.ceil(BURST / PAIRS);
  if (perStudent > MESSAGE_BURST) {
    console.warn(
      `note: ${perStudent} burst messages per student exceed the per-user budget (${MESSAGE_BURST}): expect refusals`,
    );
  }
  const server = await serverRun();
  const relay = SKIP_RELAY ? null : await relayRun();
  const wanted = PAIRS * 2;
  const full = wanted >= 1000 && server.socketsConnected === wanted;
  const scale = `${server.socketsConnected} sockets`;
  const { steady, burst } = server;
  const figures = {
    serverProcesses: 2,
    socketsWanted: wanted,
    socketsConnected: server.socketsConnected,
    connectFailures: server.connectFailures,
    firstConnectError: server.firstConnectError,
    connectAllSeconds: server.connectAllSeconds,
    rowsInMessages: server.rowsInMessages,
    serverRssMb: server.serverRssMb,
  };
  printTable(`Chat: ${scale} on 2 processes + Redis + PostgreSQL`, rows(figures));
  printTable('Server beside the bare relay (the limit):', [
    ...(['steady', 'burst'] as const).flatMap((part) =>
      [
        ['server', server[part]],
        ['relay', relay?.[part]],
      ].map(([who, f]) => {
        const p = f as Part | undefined;
        return {
          part,
          run: who,
          sent: p?.sent,
          delivered: p?.delivered,
          lost: p?.lost,
          dup: p?.duplicated,
          refused: p?.refused,
          p50: p?.deliveryP50Ms,
          p99: p?.deliveryP99Ms,
          max: p?.deliveryMaxMs,
          'all in (s)': p?.firstSendToLastDeliverySeconds,
          'msg/s': p?.deliveredPerSecond,
        };
      }),
    ),
  ]);
  const clean = (p: Part) => p.lost === 0 && p.duplicated === 0;
  writeResult(
    'chat-fanout',
    {
      title: `Chat: ${scale}, 2 server processes + Redis + PostgreSQL, beside a bare socket.io relay`,
      options: {
        sockets: wanted,
        rate: RATE,
        seconds: SECONDS,
        burst: BURST,
        relay: !SKIP_RELAY,
        redisPrefix: PREFIX,
        cpus: os.cpus().length,
      },
      figures: { ...figures, steady, burst, relay },
      budgets: [
        budget(
          `Chat steady (${scale}, ${RATE} msg/s for ${SECONDS} s): 0 lost, 0 duplicated`,
          '0 lost, 0 duplicated, 1000 sockets, 100 msg/s, 60 s',
          `${steady.lost} lost, ${steady.duplicated} duplicated of ${steady.sent}`,
          clean(steady) && full && RATE >= 100 && SECONDS >= 60,
        ),
        budget(
          `Chat steady (${scale}, ${RATE} msg/s): delivery p99`,
          '<= 50 ms',
          `${steady.deliveryP99Ms} ms (p50 ${steady.deliveryP50Ms} ms; relay p99 ${relay?.steady.deliveryP99Ms ?? '-'} ms)`,
          steady.deliveryP99Ms !== null && steady.deliveryP99Ms <= 50 && full && RATE >= 100 && SECONDS >= 60,
        ),
        budget(
          `Chat burst (${scale}, ${BURST} at once): all delivered, 0 lost, 0 duplicated`,
          '<= 3 s, 0 lost, 0 duplicated, 2,500 messages',
          `${burst.firstSendToLastDeliverySeconds} s, ${burst.lost} lost, ${burst.duplicated} duplicated of ${burst.sent} (relay ${relay?.burst.firstSendToLastDeliverySeconds ?? '-'} s)`,
          clean(burst) &&
            burst.firstSendToLastDeliverySeconds !== null &&
            burst.firstSendToLastDeliverySeconds <= 3 &&
            full &&
            BURST >= 2500,
        ),
      ],
      notes: [
        'server processes not pinned (2 processes on 2 cores, with the load generator, Redis and PostgreSQL on the same cores)',
        'relay: lib/bare-relay.ts, 2 processes + the Redis adapter, no database, same sockets and message shapes',
        ...(full ? [] : [`only ${server.socketsConnected} sockets: the budgets ask for 1000 (verdicts "missed")`]),
      ],
    },
    meta,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
