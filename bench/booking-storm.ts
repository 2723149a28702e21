// Booking storm (ARCHITECTURE.md "Budgets"; RELIABILITY P0 1 at scale): hundreds of concurrent
// bookings on a limited set of slots against the real server on PostgreSQL. Prints successes,
// conflicts, refusals, 5xx and whether the ledger balances, and writes bench/results/booking-storm.json.
// Never fails on a threshold.
//
//   npm run storm -w @ustaz/bench      (BENCH_DATABASE_URL or DATABASE_URL: the PostgreSQL server)
//
// Creates and drops its own database bench_storm.
// Options (env): STORM_REQUESTS (500), STORM_SLOTS (100), STORM_STUDENTS (250), STORM_MULTI (0.2:
// share of requests booking 2 slots at once), STORM_WALLET_KWD (3: each student's wallet, so some
// run dry and get 422).

import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { signedInUsers } from './lib/auth.ts';
import { fundWallets } from './lib/money.ts';
import { budget, printTable, runMeta, writeResult } from './lib/results.ts';
import { dropDatabase, freePort, recreateDatabase, startServer, stopProcess } from './lib/server.ts';

const REQUESTS = Number(process.env.STORM_REQUESTS || 500);
const SLOTS = Number(process.env.STORM_SLOTS || 100);
const STUDENTS = Number(process.env.STORM_STUDENTS || 250);
const MULTI = Number(process.env.STORM_MULTI || 0.2);
const WALLET_FILS = Math.round(Number(process.env.STORM_WALLET_KWD || 3) * 1000);
const DB_NAME = 'bench_storm';
const SECRET = randomBytes(32).toString('hex');

/** One teacher with SLOTS hour-long slots at 1 KWD (each booking's expectedTotal), STUDENTS students with WALLET_FILS each (a seeded top-up). */
async function seed(client: pg.Client): Promise<{ students: number[]; slots: number[] }> {
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
  await fundWallets(
    client,
    users.map((u: { id: number }) => u.id),
    WALLET_FILS,
    'storm',
  );
  return { students: users.map((u: { id: number }) => u.id), slots: slots.map((s: { id: number }) => s.id) };
}

type Answer = { status: number; ms: number };

function post(port: number, pathName: string, token: string | undefined, body: unknown): Promise<Answer> {
  const payload = JSON.stringify(body);
  return new Promise<Answer>((resolve) => {
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
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    request.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    request.end(payload);
  });
}

async function main() {
  const meta = runMeta();
  const url = await recreateDatabase(DB_NAME);
  let server: ChildProcess | undefined;
  let client: pg.Client | undefined;
  try {
    const port = await freePort();
    server = await startServer({
      url,
      port,
      name: 'storm',
      env: { JWT_SECRET: SECRET, MONEY_SWEEP_SECONDS: '3600' },
    });
    client = new pg.Client({ connectionString: url });
    await client.connect();
    const { students, slots } = await seed(client);
    const signedIn = await signedInUsers(
      client,
      SECRET,
      students.map((id: number) => ({ id, roleId: 3 })),
    );
    const tokenOf = new Map(signedIn.map((u) => [u.id, u.token]));
    const pickSlot = () => slots[Math.floor(Math.random() * slots.length)];
    // The first SLOTS requests book each slot once (so every slot is wanted and "exactly SLOTS"
    // is reachable); the rest pick at random, a share of them two slots at once. All are sent together.
    const jobs = Array.from({ length: REQUESTS }, (_, i) => {
      const student = students[i % students.length] ?? 0;
      if (i < SLOTS) {
        return () =>
          post(port, '/api/v1/booking/single', tokenOf.get(student), {
            timeSlotId: slots[i],
            paymentMethod: 'balance',
            expectedTotal: '1.000',
          });
      }
      if (Math.random() < MULTI) {
        const a = pickSlot();
        let b = pickSlot();
        while (b === a) b = pickSlot();
        return () =>
          post(port, '/api/v1/booking/multiple', tokenOf.get(student), {
            timeSlotIds: [a, b],
            paymentMethod: 'balance',
            expectedTotal: '2.000',
          });
      }
      return () =>
        post(port, '/api/v1/booking/single', tokenOf.get(student), {
          timeSlotId: pickSlot(),
          paymentMethod: 'balance',
          expectedTotal: '1.000',
        });
    });
    const started = performance.now();
    const results = await Promise.all(jobs.map((job) => job()));
    const seconds = (performance.now() - started) / 1000;

    const count = (predicate: (answer: Answer) => boolean) => results.filter(predicate).length;
    const ms = results.map((r) => r.ms).sort((a, b) => a - b);
    const pct = (p: number) => Math.round(ms[Math.min(ms.length - 1, Math.floor((p / 100) * ms.length))] ?? 0);
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
    const figures = {
      requests: REQUESTS,
      slots: SLOTS,
      students: STUDENTS,
      secondsAllInFlight: Math.round(seconds * 100) / 100,
      ok2xx: count((r) => r.status === 200),
      conflict409: count((r) => r.status === 409),
      walletEmpty422: count((r) => r.status === 422),
      unauthorized401: count((r) => r.status === 401),
      other4xx: count((r) => r.status >= 400 && r.status < 500 && ![401, 409, 422].includes(r.status)),
      server5xx: count((r) => r.status >= 500),
      networkErrors: count((r) => r.status === 0),
      latencyP50Ms: pct(50),
      latencyP90Ms: pct(90),
      latencyP99Ms: pct(99),
      latencyMaxMs: Math.round(ms.at(-1) ?? 0),
      liveReservations: reservations.live,
      slotsWithReservation: reservations.slots,
      doubleBookedSlots: reservations.live - reservations.slots,
      ledgerSum: Number(ledger.total),
      unbalancedTransfers: ledger.unbalanced,
      negativeWallets: ledger.negative,
      accountsDriftingFromEntries: ledger.drift,
      escrowEqualsBookedValue: String(ledger.escrow) === String(ledger.booked_value),
    };
    printTable(
      `Booking storm: ${REQUESTS} concurrent requests on ${SLOTS} slots (PostgreSQL):`,
      Object.entries(figures).map(([figure, value]) => ({ figure, value })),
    );
    const exact = figures.liveReservations === SLOTS && figures.doubleBookedSlots === 0;
    const balanced =
      figures.ledgerSum === 0 &&
      figures.unbalancedTransfers === 0 &&
      figures.accountsDriftingFromEntries === 0 &&
      figures.escrowEqualsBookedValue;
    writeResult(
      'booking-storm',
      {
        title: `Booking storm: ${REQUESTS} concurrent requests on ${SLOTS} slots, PostgreSQL`,
        options: { requests: REQUESTS, slots: SLOTS, students: STUDENTS, multi: MULTI, walletFils: WALLET_FILS },
        figures,
        budgets: [
          budget(
            `Storm: exactly ${SLOTS} reservations, no slot twice`,
            `${SLOTS} reservations, 0 double-booked`,
            `${figures.liveReservations} reservations on ${figures.slotsWithReservation} slots (p50 ${figures.latencyP50Ms} ms, p99 ${figures.latencyP99Ms} ms with all in flight)`,
            exact,
          ),
          budget(
            'Storm: ledger sums to zero, every transfer balanced, balances = entries',
            'sum 0, 0 unbalanced, 0 drift',
            `sum ${figures.ledgerSum}, ${figures.unbalancedTransfers} unbalanced, ${figures.accountsDriftingFromEntries} drift`,
            balanced,
          ),
          budget('Storm: no negative wallet', '0', String(figures.negativeWallets), figures.negativeWallets === 0),
          budget(
            'Storm: no 5xx',
            '0',
            `${figures.server5xx} (network errors ${figures.networkErrors})`,
            figures.server5xx === 0 && figures.networkErrors === 0,
          ),
        ],
        notes: ['one server process (not pinned), all requests sent at once without keep-alive'],
      },
      meta,
    );
  } finally {
    await client?.end();
    await stopProcess(server);
    await dropDatabase(DB_NAME);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
