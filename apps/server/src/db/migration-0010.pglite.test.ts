import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminMoneyService } from '../modules/admin/admin-money.service.ts';
import { insertOldUser } from '../test/old-rows.ts';
import { type Database, openDatabase, rawQueryOf } from './client.ts';

/*
 * Migration 0010 on a database that already holds money moved by the old rules (subscription
 * money in revenue; hour lessons booked, and one completed by paying its teacher out of revenue):
 * it must leave the ledger balanced and consistent with the new rules (prepaid = unspent hours,
 * escrow = what booked lessons were paid) without editing any ledger row, and the I9 report must
 * list the lesson completed the old way. Runs on PGlite (the same SQL runs on PostgreSQL at start).
 */

const here = path.dirname(fileURLToPath(import.meta.url));
let database: Database;
let dir: string;
const HOUR = 3600_000;

/** The migrations folder as it was before 0010. */
function foldersUpTo(tag: string): string {
  const folder = path.join(dir, 'migrations');
  cpSync(path.join(here, 'migrations'), folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((entry) => entry.tag === tag);
  journal.entries = journal.entries.slice(0, end + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

async function sql<T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await rawQueryOf(database.db)<T>(text, params)).rows;
}

/** A transfer the way the old code posted it (entries + balances), by SQL. */
async function oldTransfer(key: string, kind: string, legs: [string, number | null, number][], reservationId?: number) {
  // One transaction: the balance trigger checks each transfer at commit (PGlite is one connection).
  await sql('begin');
  const [transfer] = await sql<{ id: number }>(
    'insert into ledger_transfers (key, kind, reservation_id) values ($1, $2, $3) returning id',
    [key, kind, reservationId ?? null],
  );
  for (const [accountKind, userId, amount] of legs) {
    const [account] = await sql<{ id: number }>(
      `insert into ledger_accounts (kind, user_id) values ($1, $2)
       on conflict (kind, coalesce(user_id, 0)) do update set kind = excluded.kind returning id`,
      [accountKind, userId],
    );
    await sql('insert into ledger_entries (transfer_id, account_id, amount_fils) values ($1, $2, $3)', [
      transfer?.id,
      account?.id,
      amount,
    ]);
    await sql('update ledger_accounts set balance_fils = balance_fils + $1 where id = $2', [amount, account?.id]);
  }
  await sql('commit');
}

const balance = async (kind: string) =>
  Number(
    (
      await sql<{ b: string }>('select balance_fils as b from ledger_accounts where kind = $1 and user_id is null', [
        kind,
      ])
    )[0]?.b ?? 0,
  );

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ustaz-migration-'));
  database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
  // openDatabase chose PGlite, so its drizzle handle is PGlite's (the Db type is the drivers' common one).
  await migrate(database.db as unknown as Parameters<typeof migrate>[0], {
    migrationsFolder: foldersUpTo('0009_admin'),
  });
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('migration 0010: money moved by the old rules', () => {
  it('reclassifies unspent hours and booked hour lessons with one named transfer; the report lists the old payout', async () => {
    // Rows as they were at 0009 (the factories speak today's schema).
    const person = (email: string, roleId: number) => insertOldUser(database.db, email, roleId);
    const student = { user: { id: await person('old-student@example.com', 3) } };
    const teacherUserId = await person('old-teacher@example.com', 2);
    const [profile] = await sql<{ id: number }>('insert into teacher_profiles (user_id) values ($1) returning id', [
      teacherUserId,
    ]);
    const teacher = { user: { id: teacherUserId }, profile: { id: profile?.id as number } };
    const slotAt = async (hours: number) => {
      const startTime = new Date(Date.now() + hours * HOUR);
      const endTime = new Date(startTime.getTime() + HOUR);
      const [row] = await sql<{ id: number }>(
        'insert into time_slots (teacher_id, start_time, end_time, price_fils) values ($1, $2, $3, 15000) returning id',
        [teacher.profile.id, startTime, endTime],
      );
      return { id: row?.id as number, startTime, endTime };
    };
    const [booked, taught, byWallet] = [await slotAt(50), await slotAt(-5), await slotAt(60)];

    // A 5-hour package for 45.000 KWD, paid into revenue; 2 of its hours spent.
    await oldTransfer('payment:old-sub', 'subscription_purchase', [
      ['gateway', null, -45_000],
      ['revenue', null, 45_000],
    ]);
    const [pkg] = await sql<{ id: number }>(
      `insert into subscription_packages (name_ar, name_en, hours, price_fils, validity_days) values ('خمس', 'Five', 5, 45000, 30) returning id`,
    );
    const [sub] = await sql<{ id: number }>(
      `insert into user_subscriptions (user_id, package_id, status, total_minutes, remaining_minutes, price_fils, paid_with, starts_at, expires_at)
       values ($1, $2, 'active', 300, 180, 45000, 'wallet', now(), now() + interval '20 days') returning id`,
      [student.user.id, pkg?.id],
    );
    const reservation = async (
      slot: Awaited<ReturnType<typeof slotAt>>,
      status: string,
      paidWith: string,
      group: string | null,
    ) =>
      (
        await sql<{ id: number }>(
          `insert into reservations (student_id, teacher_id, time_slot_id, status, start_time, end_time, price_fils, paid_with, subscription_minutes, booking_group)
           values ($1, $2, $3, $4, $5, $6, 15000, $7, $8, $9) returning id`,
          [
            student.user.id,
            teacher.profile.id,
            slot.id,
            status,
            slot.startTime,
            slot.endTime,
            paidWith,
            paidWith === 'subscription' ? 60 : 0,
            group,
          ],
        )
      )[0]?.id as number;
    const bookedId = await reservation(booked, 'confirmed', 'subscription', 'bk_old1');
    const taughtId = await reservation(taught, 'completed', 'subscription', 'bk_old2');
    const walletId = await reservation(byWallet, 'confirmed', 'wallet', 'bk_old3');
    await sql("update time_slots set status = 'booked' where id = any($1::int[])", [
      [booked.id, taught.id, byWallet.id],
    ]);
    for (const id of [bookedId, taughtId]) {
      await sql('insert into subscription_usages (subscription_id, reservation_id, minutes) values ($1, $2, 60)', [
        sub?.id,
        id,
      ]);
    }
    // The old completion: the teacher got the slot's price less the fee out of revenue.
    await oldTransfer(
      `complete:${taughtId}`,
      'lesson_earning',
      [
        ['revenue', null, -13_500],
        ['earnings', teacher.user.id, 13_500],
      ],
      taughtId,
    );
    // A wallet booking: its money is in escrow.
    await oldTransfer('top-up:old', 'top_up', [
      ['gateway', null, -15_000],
      ['wallet', student.user.id, 15_000],
    ]);
    await oldTransfer('booking:bk_old3', 'booking', [
      ['wallet', student.user.id, -15_000],
      ['escrow', null, 15_000],
    ]);
    const entriesBefore = await sql<{ id: number; amount_fils: string }>(
      'select id, amount_fils from ledger_entries order by id',
    );

    await database.migrate();

    // Existing entries untouched; one new transfer of kind hours_reclass.
    const entriesAfter = await sql<{ id: number; amount_fils: string }>(
      'select id, amount_fils from ledger_entries order by id',
    );
    expect(entriesAfter.slice(0, entriesBefore.length)).toEqual(entriesBefore);
    const reclass = await sql<{ kind: string }>("select kind from ledger_transfers where key = 'migration:0010:hours'");
    expect(reclass).toEqual([{ kind: 'hours_reclass' }]);
    // Each spent hour is worth 9.000: the unspent 3 hours (27.000) wait in prepaid, the booked lesson's 9.000 in escrow.
    expect(await balance('prepaid')).toBe(27_000);
    expect(await balance('escrow')).toBe(15_000 + 9_000);
    expect(await balance('revenue')).toBe(45_000 - 13_500 - 36_000);
    const rows = await sql<{ id: number; cash_fils: string; hours_value_fils: string }>(
      'select id, cash_fils, hours_value_fils from reservations order by id',
    );
    expect(rows.map((r) => [r.id, Number(r.cash_fils), Number(r.hours_value_fils)])).toEqual([
      [bookedId, 0, 9_000],
      [taughtId, 0, 9_000],
      [walletId, 15_000, 0],
    ]);

    // The report lists the lesson the old rules overpaid, by 4.500 KWD.
    const admin = createAdminMoneyService({
      db: database.db,
      payments: {} as never,
      log: { warn() {}, info() {}, error() {} } as never,
    });
    const report = await admin.lessonPayouts();
    expect(report.data).toEqual([
      expect.objectContaining({ reservationId: taughtId, paid: '9.000', paidOut: '13.500', difference: '4.500' }),
    ]);
    // Everything else agrees with the new rules (I1, I3, I4, I9) once that lesson is set aside.
    await sql("update reservations set status = 'cancelled' where id = $1", [taughtId]);
    await sql('update subscription_usages set refunded_at = now() where reservation_id = $1', [taughtId]);
    const revenueDebits = await sql<{ kind: string }>(`
      select distinct t.kind from ledger_entries e join ledger_accounts a on a.id = e.account_id
      join ledger_transfers t on t.id = e.transfer_id where a.kind = 'revenue' and e.amount_fils < 0`);
    expect(revenueDebits.map((r) => r.kind).sort()).toEqual(['hours_reclass', 'lesson_earning']);
  });
});

// The full I9 check of the other suites does not apply here (this database holds an old
// revenue-funded payout on purpose); the ledger must still balance and replay.
describe('the ledger after migration 0010', () => {
  it('balances: every transfer sums to zero and every balance replays its entries', async () => {
    const unbalanced = await sql(
      'select transfer_id from ledger_entries group by transfer_id having sum(amount_fils) <> 0',
    );
    expect(unbalanced).toEqual([]);
    const drift = await sql(`
      select a.id from ledger_accounts a
      left join (select account_id, sum(amount_fils) as s from ledger_entries group by account_id) e on e.account_id = a.id
      where a.balance_fils <> coalesce(e.s, 0)`);
    expect(drift).toEqual([]);
  });
});
