import { randomBytes } from 'node:crypto';
import { kwdToFils } from '@ustaz/contract';
import { expect } from 'vitest';
import { type Database, type Db, rawQueryOf } from '../db/client.ts';
import { createFactories, type TestUser } from '../test/factories.ts';
import { createPostgresDatabase } from '../test/helpers.ts';
import { fundWallet } from '../test/money.ts';

/**
 * A database of its own next to the test server's (`create database hardening_<random>`), for
 * tests that kill its connections or a server using it; `drop()` removes it, connections and all.
 */
export function createOwnDatabase(baseUrl: string, label: string) {
  return createPostgresDatabase(baseUrl, `hardening_${label}_${randomBytes(5).toString('hex')}`);
}

/** What each storm slot costs (1 KWD): the `expectedTotal` of a booking of one. */
export const STORM_SLOT_PRICE = '1.000';

/**
 * The booking storms' data: one teacher with `slots` open 1 KWD slots from 48 hours ahead,
 * `spacingHours` apart, and `students` students with `funds` fils each (`funded`: who got what).
 */
export async function bookingStormData(
  database: Database,
  options: { slots: number; students: number; funds: number; spacingHours: number },
) {
  const f = createFactories(database);
  const teacher = await f.teacher();
  const slotIds: number[] = [];
  for (let i = 0; i < options.slots; i++) {
    const start = new Date(Date.now() + (48 + i * options.spacingHours) * 3600_000);
    const slot = await f.slot(teacher.profile.id, start, { priceFils: kwdToFils(STORM_SLOT_PRICE) });
    slotIds.push(slot.id);
  }
  const students: TestUser[] = [];
  const funded = new Map<number, number>();
  for (let i = 0; i < options.students; i++) {
    const student = await f.student();
    await fundWallet(database.db, student.user.id, options.funds);
    funded.set(student.user.id, options.funds);
    students.push(student);
  }
  return { teacher, slotIds, students, funded };
}

/**
 * What must hold after any fault: a slot has at most one live reservation and is booked exactly
 * when it has one; every live wallet reservation has its booking transfer and every booking
 * transfer its reservations; each student's wallet is what was funded minus what they booked.
 */
export async function expectBookingsConsistent(db: Db, funded: Map<number, number>) {
  const query = rawQueryOf(db);
  const doubled = await query(
    `select time_slot_id from reservations where status <> 'cancelled' group by time_slot_id having count(*) > 1`,
    [],
  );
  expect(doubled.rows, 'slots booked twice').toEqual([]);
  const mismatched = await query(
    `select s.id, s.status from time_slots s
     left join reservations r on r.time_slot_id = s.id and r.status <> 'cancelled'
     where (s.status = 'booked') <> (r.id is not null)`,
    [],
  );
  expect(mismatched.rows, 'slot status and reservations disagree').toEqual([]);
  const unpaid = await query(
    `select r.id from reservations r
     where r.status <> 'cancelled' and r.paid_with = 'wallet'
       and not exists (select 1 from ledger_transfers t where t.key = 'booking:' || r.booking_group)`,
    [],
  );
  expect(unpaid.rows, 'reservations without their ledger transfer').toEqual([]);
  const orphan = await query(
    `select t.id from ledger_transfers t
     where t.kind = 'booking' and not exists (select 1 from reservations r where t.key = 'booking:' || r.booking_group)`,
    [],
  );
  expect(orphan.rows, 'booking transfers without reservations').toEqual([]);
  const spent = await query<{ student_id: number; fils: string | number }>(
    `select student_id, sum(price_fils) as fils from reservations
     where status <> 'cancelled' and paid_with = 'wallet' group by student_id`,
    [],
  );
  const spentBy = new Map(spent.rows.map((row) => [Number(row.student_id), Number(row.fils)]));
  const wallets = await query<{ user_id: number; balance_fils: string | number }>(
    `select user_id, balance_fils from ledger_accounts where kind = 'wallet'`,
    [],
  );
  const balanceOf = new Map(wallets.rows.map((row) => [Number(row.user_id), Number(row.balance_fils)]));
  for (const [userId, fils] of funded) {
    expect(balanceOf.get(userId), `wallet of user ${userId}`).toBe(fils - (spentBy.get(userId) ?? 0));
  }
}
