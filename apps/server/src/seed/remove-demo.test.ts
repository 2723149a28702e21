import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawQueryOf } from '../db/client.ts';
import { appTables, type Sql, tableFingerprints } from '../db/inventory.ts';
import { describeFailure } from '../failure-text.ts';
import { appendMessage } from '../modules/chat/chat.repo.ts';
import type { TestTeacher, TestUser } from '../test/factories.ts';
import { expectLedgerConsistent, fundWallet, walletOf } from '../test/money.ts';
import { bookRequest, cancelRequest, totalOf } from '../test/requests.ts';
import { useTestApp } from '../test/test-app.ts';
import { countDemoAccounts } from './demo-accounts.ts';
import { DemoRemovalRefused, removeDemoData } from './remove-demo.ts';
import { DEMO_PASSWORD, seedDemoData } from './seed.ts';

/**
 * Issue 29, `npm run db:remove-demo` (ADR 023), on the database this project runs on: the whole demo
 * seed, plus real users with their own data: a real teacher booked by a real student (wallet money),
 * the same student's lesson with a demo teacher, another real user's chat with a demo teacher.
 * While that lesson is ahead the removal refuses and changes nothing; once it is cancelled the demo
 * goes, the two demo teachers real rows point to stay as deleted accounts, every real row is as it
 * was, and the ledger is consistent. A second run changes nothing.
 */
const { t: ctx, f } = useTestApp({ rateLimitMax: 1_000_000 });
const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'ustaz-remove-demo-'));
const silent = pino({ level: 'silent' });
const HOUR_MS = 60 * 60 * 1000;

let realStudent: TestUser;
let chatter: TestUser;
let realTeacher: TestTeacher;
let mixedReservationId: number;

const query = <Row extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  rawQueryOf(ctx.database.db)<Row>(text, params).then((result) => result.rows);

/** A fingerprint of every table (any change anywhere shows). */
async function everything() {
  const operator: Sql = { query: (text, params = []) => rawQueryOf(ctx.database.db)(text, params) as never };
  return tableFingerprints(operator, await appTables(operator));
}

/** Every row of the real users, and of what they share with others, as text. */
async function realRows() {
  const ids = [realStudent.user.id, chatter.user.id, realTeacher.user.id];
  const of = (sql: string) => query(sql, [ids]).then((rows) => JSON.stringify(rows));
  return {
    users: await of('select * from users where id = any($1) order by id'),
    profiles: await of('select * from teacher_profiles where user_id = any($1) order by id'),
    reservations: await of(
      `select r.* from reservations r join teacher_profiles tp on tp.id = r.teacher_id
       where r.student_id = any($1) or tp.user_id = any($1) order by r.id`,
    ),
    slots: await of(
      `select s.* from time_slots s where s.id in (select time_slot_id from reservations where student_id = any($1))
         or s.teacher_id in (select id from teacher_profiles where user_id = any($1)) order by s.id`,
    ),
    accounts: await of('select * from ledger_accounts where user_id = any($1) order by id'),
    entries: await of(
      `select e.*, t.key from ledger_entries e join ledger_transfers t on t.id = e.transfer_id
       where e.account_id in (select id from ledger_accounts where user_id = any($1)) order by e.id`,
    ),
    conversations: await of(
      'select * from conversations where student_id = any($1) or teacher_id = any($1) order by id',
    ),
    messages: await of(
      `select * from messages where conversation_id in
         (select id from conversations where student_id = any($1) or teacher_id = any($1)) order by id`,
    ),
    notifications: await of('select * from notifications where user_id = any($1) order by id'),
    catalogue: JSON.stringify([
      await query('select * from subjects order by id'),
      await query('select * from subscription_packages order by id'),
    ]),
  };
}

const demoUser = async (email: string) =>
  (await query<{ id: number }>('select id from users where email = $1', [email]))[0]?.id ?? 0;

const loginAs = (email: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/auth/email/login', payload: { email, password: DEMO_PASSWORD } });

beforeAll(async () => {
  await seedDemoData(ctx.database.db, silent, { uploadsDir, platformFeePercent: 10 });
  realTeacher = await f.teacher({ slots: [new Date(Date.now() + 72 * HOUR_MS)] });
  realStudent = await f.student();
  chatter = await f.student();
  await fundWallet(ctx.database.db, realStudent.user.id, 60_000);
  const [realSlot] = await query<{ id: number; price_fils: number }>(
    'select id, price_fils from time_slots where teacher_id = $1',
    [realTeacher.profile.id],
  );
  const booked = await bookRequest(ctx.app, realStudent.headers, {
    timeSlotId: realSlot?.id,
    paymentMethod: 'balance',
    expectedTotal: totalOf({ priceFils: Number(realSlot?.price_fils) }),
  });
  expect(booked.statusCode, booked.body).toBe(200);
  // The real student books a demo teacher too (listed in production by mistake).
  const [demoSlot] = await query<{ id: number; teacher_id: number; price_fils: number }>(
    `select s.id, s.teacher_id, s.price_fils from time_slots s join teacher_profiles tp on tp.id = s.teacher_id
     join users u on u.id = tp.user_id
     where u.email = 'teacher5@ustaz.example' and s.status = 'open' and s.start_time > now() + interval '2 days'
     order by s.start_time limit 1`,
  );
  const withDemo = await bookRequest(ctx.app, realStudent.headers, {
    timeSlotId: demoSlot?.id,
    paymentMethod: 'balance',
    expectedTotal: totalOf({ priceFils: Number(demoSlot?.price_fils) }),
  });
  expect(withDemo.statusCode, withDemo.body).toBe(200);
  const [mixed] = await query<{ id: number }>('select id from reservations where student_id = $1 and teacher_id = $2', [
    realStudent.user.id,
    demoSlot?.teacher_id,
  ]);
  mixedReservationId = mixed?.id ?? 0;
  // Another real user writes to a demo teacher.
  const teacher2 = await demoUser('teacher2@ustaz.example');
  const opened = await ctx.app.inject({ url: `/api/v1/chats/with/${teacher2}`, headers: chatter.headers });
  expect(opened.statusCode, opened.body).toBe(200);
  await appendMessage(ctx.database.db, {
    conversationId: (opened.json() as { conversationId: number }).conversationId,
    senderId: chatter.user.id,
    recipientId: teacher2,
    content: 'Hello, are you free on Monday?',
    clientMessageId: randomUUID(),
  });
}, 240_000);

afterAll(async () => {
  await expectLedgerConsistent(ctx.database.db);
  rmSync(uploadsDir, { recursive: true, force: true });
});

describe('removeDemoData (npm run db:remove-demo)', () => {
  it("refuses while a real student's lesson with a demo teacher is ahead, naming it, and changes nothing", async () => {
    const before = await everything();
    const refused = await removeDemoData(ctx.database.db, { uploadsDir }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DemoRemovalRefused);
    expect((refused as DemoRemovalRefused).blockers).toEqual([
      expect.stringMatching(
        new RegExp(
          `^reservation #${mixedReservationId} \\(confirmed, starts .+\\) of ${realStudent.user.email} with teacher5@ustaz\\.example is not over: an admin cancels it`,
        ),
      ),
    ]);
    expect(await everything()).toEqual(before);
  });

  it('counts what would go in a dry run and keeps everything', async () => {
    const cancelled = await cancelRequest(ctx.app, realStudent.headers, mixedReservationId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const before = await everything();
    const report = await removeDemoData(ctx.database.db, { uploadsDir, dryRun: true });
    expect(report.dryRun).toBe(true);
    expect(report.removed.users).toBeGreaterThan(40);
    expect(report.kept.sort()).toEqual(['teacher2@ustaz.example', 'teacher5@ustaz.example']);
    expect(await everything()).toEqual(before);
    expect(await countDemoAccounts(ctx.database.db)).toBeGreaterThan(40);
  });

  it("removes the demo accounts and their data in one go, leaving every real user's row as it was", async () => {
    const real = await realRows();
    const walletBefore = await walletOf(ctx.database.db, realStudent.user.id);
    const photos = readdirSync(uploadsDir).length;
    expect(photos).toBeGreaterThan(30);
    const report = await removeDemoData(ctx.database.db, { uploadsDir });

    expect(report.dryRun).toBe(false);
    expect(report.removed).toMatchObject({
      users: expect.any(Number),
      teacher_profiles: 28,
      reservations: expect.any(Number),
      reviews: expect.any(Number),
      time_slots: expect.any(Number),
      files: photos,
    });
    expect(report.ledger.transfers).toBeGreaterThan(10);
    expect(report.filesOnDisk).toBe(photos);
    expect(readdirSync(uploadsDir)).toEqual([]);
    expect(await countDemoAccounts(ctx.database.db)).toBe(0);
    expect((await loginAs('admin@ustaz.example')).statusCode).toBe(422);
    expect((await loginAs('student@ustaz.example')).statusCode).toBe(422);

    // The two demo teachers real rows point to stay, as deleted accounts nobody signs in to.
    const kept = await query<{ email: string; status: string; password_hash: string | null; deleted_at: unknown }>(
      `select email, status, password_hash, deleted_at from users where email like 'removed-demo-%' order by id`,
    );
    expect(kept).toHaveLength(2);
    for (const row of kept) {
      expect(row).toMatchObject({ status: 'suspended', password_hash: null });
      expect(row.email).toMatch(/^removed-demo-\d+@deleted\.invalid$/);
      expect(row.deleted_at).not.toBeNull();
    }
    expect(await realRows()).toEqual(real);
    expect(await walletOf(ctx.database.db, realStudent.user.id)).toBe(walletBefore);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('finds nothing to remove the second time and changes nothing', async () => {
    const before = await everything();
    const again = await removeDemoData(ctx.database.db, { uploadsDir });
    expect(again).toMatchObject({ removed: {}, kept: [], ledger: { transfers: 0, entries: 0 }, filesOnDisk: 0 });
    expect(await everything()).toEqual(before);
  });
});

describe('the ledger stays immutable outside the removal (migration 0029)', () => {
  it("refuses a deletion without the removal's setting, and with it a real account's entry", async () => {
    const [entry] = await query<{ id: number }>(
      `select e.id from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.user_id = $1 limit 1`,
      [realStudent.user.id],
    );
    expect(entry).toBeDefined();
    await expect(query('delete from ledger_entries where id = $1', [entry?.id])).rejects.toThrow(/immutable/);
    const refused = await ctx.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select set_config('ustaz.ledger_removal', 'demo', true)`);
        await tx.execute(sql`delete from ledger_entries where id = ${entry?.id}`);
      })
      .catch((error: unknown) => error);
    expect(describeFailure(refused)).toMatch(/ledger entry \d+ is of a real account/);
    expect(await query('select id from ledger_entries where id = $1', [entry?.id])).toHaveLength(1);
  });
});
