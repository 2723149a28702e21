import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BookingResponse } from '@ustaz/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type Database, openDatabase, rawQueryOf } from '../db/client.ts';
import { appTables, ledgerSummary, rowCounts } from '../db/inventory.ts';
import { createSettingsService, runtimeSettings } from '../modules/settings/settings.service.ts';
import { seedDemoData } from '../seed/seed.ts';
import { createPostgresDatabase, testConfig } from '../test/helpers.ts';
import { expectLedgerConsistent } from '../test/money.ts';
import { bookWithBalance, finishAtSandbox, nextAddress, totalOf } from '../test/requests.ts';
import { type MoveSummary, moveToPostgres } from './move-to-postgres.ts';

/**
 * npm run db:move-to-postgres: an embedded database with the demo data, a booking and a gateway top-up
 * is copied into a new PostgreSQL database (`ustaz_move_<random>` on DATABASE_URL's server, dropped
 * after); the app built on the copy answers the demo student's login over HTTP with the same balance.
 */
const DEMO_PASSWORD = 'Ustaz2026!';
const STUDENT = 'student@ustaz.example';
const TEACHER = 'teacher@ustaz.example';
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

type Balance = { balance: string; earnings: string; remainingHours: number };

async function loginHeaders(app: FastifyInstance, email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/email/login',
    payload: { email, password: DEMO_PASSWORD },
    remoteAddress: nextAddress(),
  });
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.json().token as string}` };
}

/** An open slot a day or more ahead (bookable, cancellable), of a teacher other than the demo teacher. */
async function openSlot(database: Database): Promise<{ id: number; priceFils: number }> {
  const { rows } = await rawQueryOf(database.db)<{ id: number; priceFils: number }>(
    `select s.id, s.price_fils as "priceFils" from time_slots s join users u on u.id = s.teacher_id
     where s.status = 'open' and s.start_time > now() + interval '2 days' and u.email <> $1
     order by s.start_time, s.id limit 1`,
    [TEACHER],
  );
  if (!rows[0]) throw new Error('no open slot in the demo data');
  return rows[0];
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'ustaz-move-'));
const dataDir = path.join(dir, 'db');
const config = testConfig({ uploadsDir: path.join(dir, 'uploads'), rateLimitMax: 1_000_000 });
let target: Awaited<ReturnType<typeof createPostgresDatabase>>;
let before: { student: Balance; teacher: Balance; reservations: number; walletPaidFils: number };
let summary: MoveSummary;

beforeAll(async () => {
  target = await createPostgresDatabase(inject('databaseUrl'), `ustaz_move_${randomBytes(6).toString('hex')}`);
  // The embedded database as npm start leaves it, then a booking and a paid top-up through the API.
  const embedded = await openDatabase({ kind: 'pglite', dataDir });
  await embedded.migrate();
  const app = await buildApp({ config, database: embedded });
  await app.ready();
  await createSettingsService(embedded.db, runtimeSettings(config)).ensureSettings();
  await seedDemoData(embedded.db, app.log, { uploadsDir: config.uploadsDir, platformFeePercent: 10 });
  const student = await loginHeaders(app, STUDENT);
  const slot = await openSlot(embedded);
  const booked = await bookWithBalance(app, student, slot);
  const topUp = await app.inject({
    method: 'POST',
    url: '/api/v1/balance/top-up/payzah',
    headers: student,
    payload: { amount: '12.5', language: 'en', options: { payment_type: '1' } },
    remoteAddress: nextAddress(),
  });
  expect(topUp.statusCode).toBe(200);
  expect((await finishAtSandbox(app, topUp.json().paymentLink, 'pay')).statusCode).toBe(303);
  const balanceOf = async (headers: Record<string, string>) =>
    (await app.inject({ url: '/api/v1/subscriptions/balance', headers })).json() as Balance;
  before = {
    student: await balanceOf(student),
    teacher: await balanceOf(await loginHeaders(app, TEACHER)),
    reservations: (
      await rowCounts({ query: (text, params = []) => rawQueryOf(embedded.db)(text, params) as never }, [
        'reservations',
      ])
    ).reservations as number,
    // The demo student has subscription hours (the seed's Starter package): the balance spends them
    // first, so the wallet pays only what the hours do not cover.
    walletPaidFils: (booked.json() as BookingResponse).reservations.reduce(
      (sum, reservation) => sum + Math.round(Number(reservation.paidBy?.wallet ?? 0) * 1000),
      0,
    ),
  };
  await app.close();
  await embedded.close();
  summary = await moveToPostgres({ dataDir, targetUrl: target.url });
}, 300_000);

afterAll(async () => {
  await target?.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('db:move-to-postgres', () => {
  it('copies every table with its rows, and the ledger sums to the same balances', async () => {
    // The 50 KWD demo wallet, less what the wallet paid of the lesson, plus the 12.5 KWD top-up.
    expect(Number(before.student.balance) * 1000).toBe(50_000 - before.walletPaidFils + 12_500);
    expect(summary.rows.users).toBeGreaterThan(40);
    expect(summary.rows.reservations).toBe(before.reservations);
    expect(summary.rows.payments).toBeGreaterThanOrEqual(1);
    expect(summary.ledger.entriesSum).toBe('0');
    expect(summary.ledger.driftingAccounts).toBe(0);
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      const sql = { query: async <Row>(text: string) => (await client.query(text)) as unknown as { rows: Row[] } };
      expect(await rowCounts(sql, await appTables(sql))).toEqual(summary.rows);
      expect(await ledgerSummary(sql)).toEqual(summary.ledger);
    } finally {
      await client.end();
    }
  });

  it('the app on PostgreSQL signs the demo student in over HTTP and shows the same balance; new rows get new ids', async () => {
    const database = await openDatabase({ kind: 'postgres', url: target.url });
    await database.migrate(); // nothing left to apply: the move ran the same migrations
    const app = await buildApp({ config, database });
    try {
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      const login = await fetch(`${url}/api/v1/auth/email/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: STUDENT, password: DEMO_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
      const balance = await fetch(`${url}/api/v1/subscriptions/balance`, { headers });
      expect((await balance.json()) as Balance).toEqual(before.student);
      const teacher = await loginHeaders(app, TEACHER);
      expect((await app.inject({ url: '/api/v1/subscriptions/balance', headers: teacher })).json()).toEqual(
        before.teacher,
      );
      // The sequences went on from the copied ids: a new booking gets a new reservation, ledger rows too.
      const booked = await fetch(`${url}/api/v1/booking/single`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(
          await openSlot(database).then((slot) => ({
            timeSlotId: slot.id,
            paymentMethod: 'balance',
            expectedTotal: totalOf(slot),
          })),
        ),
      });
      expect(booked.status).toBe(200);
      await expectLedgerConsistent(database.db);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('refuses a target that is not empty (exit code 1, one message), and leaves it as it was', async () => {
    await expect(moveToPostgres({ dataDir, targetUrl: target.url })).rejects.toThrow(
      /it is not empty \(\d+ migrations already applied/,
    );
    const other = await createPostgresDatabase(inject('databaseUrl'), `ustaz_move_${randomBytes(6).toString('hex')}`);
    try {
      const client = new pg.Client({ connectionString: other.url });
      await client.connect();
      await client.query('create table notes (body text)');
      await client.query(`insert into notes values ('keep me')`);
      await client.end();
      // The real command, as an operator runs it.
      const run = spawnSync(
        process.execPath,
        ['scripts/ops.mjs', 'move-to-postgres', '--from', dataDir, '--to', other.url],
        { cwd: serverRoot, encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'silent' } },
      );
      expect(run.status).toBe(1);
      expect(run.stderr.trim()).toBe(
        `Refusing to copy into ${other.url}: it is not empty (table public.notes has 1 rows). Create a new, empty database for the move.`,
      );
      const check = new pg.Client({ connectionString: other.url });
      await check.connect();
      const { rows } = await check.query(`select to_regclass('public.users') is null as untouched`);
      await check.end();
      expect(rows[0].untouched).toBe(true);
    } finally {
      await other.drop();
    }
  }, 120_000);
});
