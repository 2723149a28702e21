// Booking storm (ARCHITECTURE.md "Budgets"; RELIABILITY P0 1 at scale): hundreds of concurrent
// bookings on a limited set of slots against the real server on PostgreSQL. Prints successes,
// conflicts, refusals, 5xx and whether the ledger balances. Never fails on a threshold.
//
//   npm run storm -w @ustaz/bench      (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
//
// Options (env): STORM_REQUESTS (500), STORM_SLOTS (100), STORM_STUDENTS (250), STORM_MULTI (0.2:
// share of requests booking 2 slots at once), STORM_WALLET_KWD (3: each student's wallet, so some
// run dry and get 422).
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { createAccessTokens } from '../apps/server/src/modules/auth/tokens.ts';
import { freePort, recreateDatabase, startServer } from './lib/server.mjs';

const REQUESTS = Number(process.env.STORM_REQUESTS || 500);
const SLOTS = Number(process.env.STORM_SLOTS || 100);
const STUDENTS = Number(process.env.STORM_STUDENTS || 250);
const MULTI = Number(process.env.STORM_MULTI || 0.2);
const WALLET_FILS = Math.round(Number(process.env.STORM_WALLET_KWD || 3) * 1000);
const DB_NAME = 'ustaz_storm';
const SECRET = randomBytes(32).toString('hex');

/** One teacher with SLOTS hour-long slots, STUDENTS students with WALLET_FILS each (a seeded top-up). */
async function seed(client) {
  const { rows: users } = await client.query(
    `insert into users (email, first_name, last_name, role_id, email_confirmed_at)
     select 'storm' || g || '@bench.example', 'Student', g::text, 3, now() from generate_series(1, $1) g
     returning id`,
    [STUDENTS],
  );
  const {
    rows: [teacher],
  } = await client.query(
    `insert into users (email, first_name, last_name, role_id, email_confirmed_at)
     values ('storm-teacher@bench.example', 'Teacher', 'Storm', 2, now()) returning id`,
  );
  const {
    rows: [profile],
  } = await client.query(`insert into teacher_profiles (user_id, hourly_rate_fils) values ($1, 1000) returning id`, [
    teacher.id,
  ]);
  const { rows: slots } = await client.query(
    `insert into time_slots (teacher_id, start_time, end_time, price_fils)
     select $1, now() + interval '2 days' + g * interval '1 hour', now() + interval '2 days' + (g + 1) * interval '1 hour', 1000
     from generate_series(0, $2 - 1) g returning id`,
    [profile.id, SLOTS],
  );
  const {
    rows: [gateway],
  } = await client.query(`select id from ledger_accounts where kind = 'gateway' and user_id is null`);
  await client.query('begin');
  for (const user of users) {
    const {
      rows: [account],
    } = await client.query(
      `insert into ledger_accounts (kind, user_id, balance_fils) values ('wallet', $1, $2) returning id`,
      [user.id, WALLET_FILS],
    );
    const {
      rows: [transfer],
    } = await client.query(`insert into ledger_transfers (key, kind) values ($1, 'top_up') returning id`, [
      `storm:fund:${user.id}`,
    ]);
    await client.query(
      'insert into ledger_entries (transfer_id, account_id, amount_fils) values ($1, $2, $3), ($1, $4, $5)',
      [transfer.id, account.id, WALLET_FILS, gateway.id, -WALLET_FILS],
    );
  }
  await client.query('update ledger_accounts set balance_fils = balance_fils - $1 where id = $2', [
    WALLET_FILS * users.length,
    gateway.id,
  ]);
  await client.query('commit');
  return { students: users.map((u) => u.id), slots: slots.map((s) => s.id) };
}

function post(port, pathName, token, body) {
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const started = performance.now();
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: pathName,
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: `Bearer ${token}`,
          'idempotency-key': randomUUID(),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started }));
      },
    );
    request.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    request.end(payload);
  });
}

async function main() {
  const url = await recreateDatabase(DB_NAME);
  const port = await freePort();
  const server = await startServer({
    url,
    port,
    name: 'storm',
    env: { JWT_SECRET: SECRET, MONEY_SWEEP_SECONDS: '3600' },
  });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { students, slots } = await seed(client);
    const tokens = createAccessTokens(SECRET);
    const tokenOf = new Map();
    for (const id of students) {
      tokenOf.set(id, (await tokens.sign({ userId: id, roleId: 3, sessionFamily: randomUUID() })).token);
    }
    const pickSlot = () => slots[Math.floor(Math.random() * slots.length)];
    const jobs = Array.from({ length: REQUESTS }, (_, i) => {
      const student = students[i % students.length];
      if (Math.random() < MULTI) {
        const a = pickSlot();
        let b = pickSlot();
        while (b === a) b = pickSlot();
        return () =>
          post(port, '/api/v1/booking/multiple', tokenOf.get(student), {
            timeSlotIds: [a, b],
            paymentMethod: 'balance',
          });
      }
      return () =>
        post(port, '/api/v1/booking/single', tokenOf.get(student), {
          timeSlotId: pickSlot(),
          paymentMethod: 'balance',
        });
    });
    const started = performance.now();
    const results = await Promise.all(jobs.map((job) => job()));
    const seconds = (performance.now() - started) / 1000;

    const count = (predicate) => results.filter(predicate).length;
    const ms = results.map((r) => r.ms).sort((a, b) => a - b);
    const pct = (p) => ms[Math.min(ms.length - 1, Math.floor((p / 100) * ms.length))].toFixed(1);
    const {
      rows: [reservations],
    } = await client.query(
      `select count(*)::int as live, count(distinct time_slot_id)::int as slots from reservations where status <> 'cancelled'`,
    );
    const {
      rows: [ledger],
    } = await client.query(`
      select
        (select coalesce(sum(amount_fils), 0) from ledger_entries)::bigint as total,
        (select count(*) from (select transfer_id from ledger_entries group by transfer_id having sum(amount_fils) <> 0) x)::int as unbalanced,
        (select count(*) from ledger_accounts where kind in ('wallet', 'earnings') and balance_fils < 0)::int as negative,
        (select count(*) from ledger_accounts a where a.balance_fils <> (select coalesce(sum(e.amount_fils), 0) from ledger_entries e where e.account_id = a.id))::int as drift,
        (select balance_fils from ledger_accounts where kind = 'escrow')::bigint as escrow,
        (select coalesce(sum(price_fils), 0) from reservations where status = 'confirmed')::bigint as booked_value`);
    const table = {
      requests: REQUESTS,
      slots: SLOTS,
      'seconds (all in flight)': seconds.toFixed(2),
      '2xx': count((r) => r.status === 200),
      '409 slotUnavailable': count((r) => r.status === 409),
      '422 (wallet empty)': count((r) => r.status === 422),
      '5xx': count((r) => r.status >= 500),
      'network errors': count((r) => r.status === 0),
      'latency p50 ms': pct(50),
      'latency p99 ms': pct(99),
      'live reservations': reservations.live,
      'slots with a reservation': reservations.slots,
      'double-booked slots': reservations.live - reservations.slots,
      'ledger sum (must be 0)': String(ledger.total),
      'unbalanced transfers': ledger.unbalanced,
      'negative wallets': ledger.negative,
      'accounts != replay': ledger.drift,
      'escrow == booked value': String(ledger.escrow) === String(ledger.booked_value),
    };
    console.table(table);
  } finally {
    await client.end();
    server.kill('SIGTERM');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
