// Chat fan-out (ARCHITECTURE.md "Budgets": 2 server processes + Redis, 1000 sockets: 0 lost,
// 0 duplicated, p99 delivery <= 50 ms). Prints figures; never fails on a threshold.
//
//   npm run chat -w @ustaz/bench    (DATABASE_URL and REDIS_URL, defaults: local PostgreSQL and Redis)
//
// Starts two real server processes on one fresh PostgreSQL database, fanned out through Redis.
// Half the sockets are students connected to process A, half their teachers on process B; every
// student sends CHAT_MESSAGES messages to its teacher. Delivery latency is send -> `message:new`
// at the teacher (same machine clock). Options (env): CHAT_SOCKETS (1000), CHAT_MESSAGES (5).
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { io as connect } from 'socket.io-client';
import { createAccessTokens } from '../apps/server/src/modules/auth/tokens.ts';
import { freePort, recreateDatabase, startServer } from './lib/server.mjs';

const SOCKETS = Number(process.env.CHAT_SOCKETS || 1000);
const MESSAGES = Number(process.env.CHAT_MESSAGES || 5);
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const PAIRS = Math.floor(SOCKETS / 2);
const SECRET = randomBytes(32).toString('hex');
const PREFIX = `ustaz-bench-${randomBytes(4).toString('hex')}`;

async function seed(client) {
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
  const all = [...students, ...teachers].map((row) => ({ id: row.id, family: randomUUID() }));
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

function open(url, token) {
  return new Promise((resolve, reject) => {
    const socket = connect(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
      forceNew: true,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function main() {
  const url = await recreateDatabase('ustaz_chat');
  const env = { JWT_SECRET: SECRET, REDIS_URL, REDIS_PREFIX: PREFIX, MONEY_SWEEP_SECONDS: '3600' };
  const [portA, portB] = [await freePort(), await freePort()];
  const a = await startServer({ url, port: portA, env, name: 'chat-a' });
  const b = await startServer({ url, port: portB, env, name: 'chat-b' });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const sockets = [];
  try {
    const { students, teachers } = await seed(client);
    const tokens = createAccessTokens(SECRET);
    const sign = (user, roleId) =>
      tokens.sign({ userId: user.id, roleId, sessionFamily: user.family }).then((t) => t.token);
    const started = performance.now();
    const studentSockets = [];
    const teacherSockets = [];
    for (let i = 0; i < PAIRS; i += 1) {
      studentSockets.push(await open(`http://127.0.0.1:${portA}`, await sign(students[i], 3)));
      teacherSockets.push(await open(`http://127.0.0.1:${portB}`, await sign(teachers[i], 2)));
    }
    sockets.push(...studentSockets, ...teacherSockets);
    const connectSeconds = (performance.now() - started) / 1000;

    const sentAt = new Map(); // clientMessageId -> ms
    const latencies = [];
    const seen = new Map(); // message id -> count at its teacher
    teacherSockets.forEach((socket) => {
      socket.on('message:new', (message) => {
        seen.set(message.id, (seen.get(message.id) ?? 0) + 1);
        const at = sentAt.get(message.clientMessageId);
        if (at !== undefined && seen.get(message.id) === 1) latencies.push(performance.now() - at);
      });
    });
    let acked = 0;
    let refused = 0;
    const sendStarted = performance.now();
    await Promise.all(
      studentSockets.map(async (socket, i) => {
        for (let m = 0; m < MESSAGES; m += 1) {
          const clientMessageId = `${i}-${m}`;
          sentAt.set(clientMessageId, performance.now());
          const ack = await socket
            .timeout(10_000)
            .emitWithAck('message', { recipientId: teachers[i].id, content: `message ${m}`, clientMessageId })
            .catch(() => ({ ok: false }));
          if (ack.ok) acked += 1;
          else refused += 1;
        }
      }),
    );
    const sendSeconds = (performance.now() - sendStarted) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const {
      rows: [stored],
    } = await client.query('select count(*)::int as n from messages');
    latencies.sort((x, y) => x - y);
    const pct = (p) =>
      latencies.length
        ? latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1)
        : '-';
    const expected = PAIRS * MESSAGES;
    console.table({
      'server processes': 2,
      sockets: PAIRS * 2,
      'messages sent': expected,
      'acknowledged (stored)': acked,
      'refused or timed out': refused,
      'rows in messages': stored.n,
      'delivered to the teacher': seen.size,
      lost: expected - seen.size,
      duplicated: [...seen.values()].filter((n) => n > 1).length,
      'connect all (s)': connectSeconds.toFixed(1),
      'send all (s)': sendSeconds.toFixed(1),
      'delivery p50 ms': pct(50),
      'delivery p99 ms': pct(99),
    });
  } finally {
    for (const socket of sockets) socket.disconnect();
    await client.end();
    a.kill('SIGTERM');
    b.kill('SIGTERM');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
