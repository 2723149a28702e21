import { expect } from 'vitest';
import { type Db, rawQueryOf } from '../db/client.ts';
import { postTransfer, systemAccountId, userAccountId, userBalance } from '../modules/ledger/ledger.service.ts';

let fundSequence = 0;

/** Puts money in a user's wallet the way a paid top-up does (gateway -> wallet). */
export async function fundWallet(db: Db, userId: number, fils: number): Promise<void> {
  fundSequence += 1;
  await db.transaction(async (tx) => {
    await postTransfer(tx, {
      key: `test:fund:${userId}:${fundSequence}:${Date.now()}`,
      kind: 'top_up',
      legs: [
        { accountId: await systemAccountId(tx, 'gateway'), amountFils: -fils },
        { accountId: await userAccountId(tx, 'wallet', userId), amountFils: fils },
      ],
    });
  });
}

export const walletOf = (db: Db, userId: number) => userBalance(db, 'wallet', userId);

/**
 * The ledger invariants, checked by SQL over the whole database (RELIABILITY I1, I3, I4):
 * every transfer sums to zero, all entries sum to zero, every account's balance equals the
 * replay of its entries, no user account is negative.
 */
export async function expectLedgerConsistent(db: Db): Promise<void> {
  const query = rawQueryOf(db);
  const unbalanced = await query(
    'select transfer_id from ledger_entries group by transfer_id having sum(amount_fils) <> 0',
    [],
  );
  expect(unbalanced.rows).toEqual([]);
  const total = await query<{ total: string | number | null }>(
    'select coalesce(sum(amount_fils), 0) as total from ledger_entries',
    [],
  );
  expect(Number(total.rows[0]?.total ?? 0)).toBe(0);
  const drift = await query(
    `
    select a.id from ledger_accounts a
    left join (select account_id, sum(amount_fils) as s from ledger_entries group by account_id) e on e.account_id = a.id
    where a.balance_fils <> coalesce(e.s, 0)`,
    [],
  );
  expect(drift.rows).toEqual([]);
  const negative = await query(
    `select id from ledger_accounts where kind in ('wallet', 'earnings') and balance_fils < 0`,
    [],
  );
  expect(negative.rows).toEqual([]);
  await expectLessonsPaidAsPaid(db);
  await expectPayoutsMovedOnce(db);
  await expectVerifiedLessonsEarned(db);
}

/**
 * RELIABILITY I11, by SQL over the whole database: every verified lesson (the only ones whose review
 * counts toward a rating and the bookings count) is completed, was paid at least the minimum price for
 * its length (0.500 KWD an hour, wallet or hours), was not refunded in full, and both parties attended it.
 */
export async function expectVerifiedLessonsEarned(db: Db): Promise<void> {
  const unearned = await rawQueryOf(db)(
    `
    select r.id from reservations r
    where r.verified_lesson and (
      r.status <> 'completed'
      or r.start_time is null or r.end_time is null
      or (r.cash_fils + r.hours_value_fils) * 3600 < 500 * extract(epoch from (r.end_time - r.start_time))
      or exists (select 1 from ledger_transfers t where t.key = 'refund:' || r.id)
      or not exists (select 1 from lesson_attendance a where a.reservation_id = r.id and a.role = 'teacher')
      or not exists (select 1 from lesson_attendance a where a.reservation_id = r.id and a.role = 'student'))`,
    [],
  );
  expect(unearned.rows).toEqual([]);
}

/**
 * RELIABILITY I10, by SQL over the whole database: `payouts_clearing` holds exactly the requested
 * payouts and `paid_out` exactly the paid ones; every payout left the earnings once (`payout:<id>`,
 * its amount) and, once decided, moved on once (`payout_paid:<id>` or `payout_rejected:<id>`, never
 * both, never for a payout still requested).
 */
export async function expectPayoutsMovedOnce(db: Db): Promise<void> {
  const query = rawQueryOf(db);
  const sums = await query<{ clearing: string; paid_out: string; requested: string; paid: string }>(
    `
    select
      (select balance_fils from ledger_accounts where kind = 'payouts_clearing' and user_id is null) as clearing,
      (select balance_fils from ledger_accounts where kind = 'paid_out' and user_id is null) as paid_out,
      (select coalesce(sum(amount_fils), 0) from payouts where status = 'requested') as requested,
      (select coalesce(sum(amount_fils), 0) from payouts where status = 'paid') as paid`,
    [],
  );
  const row = sums.rows[0];
  expect(Number(row?.clearing)).toBe(Number(row?.requested));
  expect(Number(row?.paid_out)).toBe(Number(row?.paid));
  const movedWrong = await query(
    `
    select p.id, p.status from payouts p
    left join ledger_transfers req on req.key = 'payout:' || p.id
    left join ledger_transfers paid on paid.key = 'payout_paid:' || p.id
    left join ledger_transfers back on back.key = 'payout_rejected:' || p.id
    left join (
      select e.transfer_id, sum(e.amount_fils) filter (where e.amount_fils > 0) as moved from ledger_entries e group by e.transfer_id
    ) r on r.transfer_id = req.id
    where req.id is null or r.moved <> p.amount_fils
      or (p.status = 'requested' and (paid.id is not null or back.id is not null))
      or (p.status = 'paid' and (paid.id is null or back.id is not null))
      or (p.status = 'rejected' and (back.id is null or paid.id is not null))`,
    [],
  );
  expect(movedWrong.rows).toEqual([]);
}

/**
 * RELIABILITY I9, by SQL over the whole database: every completed lesson paid out (teacher's
 * earning + platform fee) exactly what was paid for it (money + the value of the hours spent);
 * the hours' value of every live lesson is the value of its unrefunded subscription usages;
 * `prepaid` holds exactly the unspent value of the subscriptions; and revenue is debited only by
 * the named transfers that may (support refunds, the one-time reclass of migration 0010).
 */
export async function expectLessonsPaidAsPaid(db: Db): Promise<void> {
  const query = rawQueryOf(db);
  // A completed lesson's escrow is settled once its earning is released (ADR 016): what the teacher
  // and the platform got (`complete:`) plus what went back to the student (`refund:` in full, or a
  // dispute's partial `dispute_refund:`) is exactly what was paid; before that nothing has moved.
  const overpaid = await query(
    `
    with moved as (
      select t.key, sum(e.amount_fils) filter (where e.amount_fils > 0) as credited
      from ledger_transfers t join ledger_entries e on e.transfer_id = t.id group by t.key
    )
    select r.id, r.cash_fils + r.hours_value_fils as paid, r.earning_released_at,
      coalesce(c.credited, 0) as paid_out, coalesce(f.credited, 0) + coalesce(p.credited, 0) as refunded
    from reservations r
    left join moved c on c.key = 'complete:' || r.id
    left join moved f on f.key = 'refund:' || r.id
    left join moved p on p.key = 'dispute_refund:' || r.id
    where r.status = 'completed' and (
      (r.earning_released_at is null and (c.key is not null or f.key is not null or p.key is not null))
      or (r.earning_released_at is not null
        and coalesce(c.credited, 0) + coalesce(f.credited, 0) + coalesce(p.credited, 0) <> r.cash_fils + r.hours_value_fils))`,
    [],
  );
  expect(overpaid.rows).toEqual([]);
  const hoursDrift = await query(
    `
    select r.id from reservations r
    left join (
      select reservation_id, sum(value_fils) as v, sum(minutes) as m from subscription_usages
      where refunded_at is null group by reservation_id
    ) u on u.reservation_id = r.id
    where r.status in ('confirmed', 'completed')
      and not exists (select 1 from ledger_transfers x where x.key = 'refund:' || r.id)
      and (coalesce(u.v, 0) <> r.hours_value_fils or coalesce(u.m, 0) <> r.subscription_minutes)`,
    [],
  );
  expect(hoursDrift.rows).toEqual([]);
  // Only a gateway lesson has a wallet part of its money (a dearer move's difference, ADR 033).
  const walletPart = await query(
    `select id from reservations where wallet_fils <> 0 and paid_with not in ('payzah', 'deema')`,
    [],
  );
  expect(walletPart.rows).toEqual([]);
  const prepaid = await query<{ balance: string | number; unspent: string | number }>(
    `
    select (select balance_fils from ledger_accounts where kind = 'prepaid' and user_id is null) as balance,
           (select coalesce(sum(remaining_value_fils), 0) from user_subscriptions) as unspent`,
    [],
  );
  expect(Number(prepaid.rows[0]?.balance)).toBe(Number(prepaid.rows[0]?.unspent));
  const fundedFromRevenue = await query(
    `
    select t.id, t.kind from ledger_entries e
    join ledger_accounts a on a.id = e.account_id
    join ledger_transfers t on t.id = e.transfer_id
    where a.kind = 'revenue' and e.amount_fils < 0 and t.kind not in ('manual_refund', 'hours_reclass')`,
    [],
  );
  expect(fundedFromRevenue.rows).toEqual([]);
}

/** How many live (not cancelled) reservations a slot has. */
export async function liveReservations(db: Db, slotId: number): Promise<number> {
  const result = await rawQueryOf(db)<{ n: string | number }>(
    `select count(*) as n from reservations where time_slot_id = $1 and status <> 'cancelled'`,
    [slotId],
  );
  return Number(result.rows[0]?.n ?? 0);
}

/** A system account's balance in fils (`gateway`, `escrow`, `revenue`, `prepaid`, `payouts_clearing`, `paid_out`). */
export async function systemBalance(
  db: Db,
  kind: 'gateway' | 'escrow' | 'revenue' | 'prepaid' | 'payouts_clearing' | 'paid_out',
): Promise<number> {
  const result = await rawQueryOf(db)<{ balance: string | number }>(
    'select balance_fils as balance from ledger_accounts where kind = $1 and user_id is null',
    [kind],
  );
  return Number(result.rows[0]?.balance ?? 0);
}

/**
 * Lesson attendance as the room records it (issue 16): `role` joined the reservation's room at
 * `joinedAt` (default: the start) and stayed until the end. Tests of completion use it, since a
 * lesson whose teacher never joined is cancelled as a no-show.
 */
export async function attend(
  db: Db,
  reservationId: number,
  role: 'student' | 'teacher',
  joinedAt?: Date,
): Promise<void> {
  await rawQueryOf(db)(
    `insert into lesson_attendance (reservation_id, user_id, role, joined_at, left_at)
     select r.id, case when $2 = 'teacher' then tp.user_id else r.student_id end, $2,
       coalesce($3::timestamptz, r.start_time), r.end_time
     from reservations r join teacher_profiles tp on tp.id = r.teacher_id where r.id = $1`,
    [reservationId, role, joinedAt ? joinedAt.toISOString() : null],
  );
}

/**
 * One stay in a lesson's room as the room records it (issue 29's attendance rule counts these): `role`
 * from `joinedAt` to `leftAt` (null: still in), its call connected at `mediaConnectedAt`, or with
 * `via: 'link'` an opening of the lesson's external link through the app at `joinedAt`.
 */
export async function stay(
  db: Db,
  reservationId: number,
  role: 'student' | 'teacher',
  joinedAt: Date,
  leftAt: Date | null,
  extra: { via?: 'room' | 'link'; mediaConnectedAt?: Date } = {},
): Promise<void> {
  await rawQueryOf(db)(
    `insert into lesson_attendance (reservation_id, user_id, role, joined_at, left_at, via, media_connected_at)
     select r.id, case when $2 = 'teacher' then tp.user_id else r.student_id end, $2, $3, $4, $5, $6
     from reservations r join teacher_profiles tp on tp.id = r.teacher_id where r.id = $1`,
    [
      reservationId,
      role,
      joinedAt.toISOString(),
      leftAt?.toISOString() ?? null,
      extra.via ?? 'room',
      extra.mediaConnectedAt?.toISOString() ?? null,
    ],
  );
}

/** The teacher (and the student) joined at the start of every confirmed lesson that has no such stay yet. */
export async function attendConfirmedLessons(db: Db, withStudent = true): Promise<void> {
  const query = rawQueryOf(db);
  for (const role of withStudent ? ['teacher', 'student'] : ['teacher']) {
    await query(
      `insert into lesson_attendance (reservation_id, user_id, role, joined_at, left_at)
       select r.id, case when $1 = 'teacher' then tp.user_id else r.student_id end, $1, r.start_time, r.end_time
       from reservations r join teacher_profiles tp on tp.id = r.teacher_id
       where r.status = 'confirmed'
         and not exists (select 1 from lesson_attendance a where a.reservation_id = r.id and a.role = $1)`,
      [role],
    );
  }
}

/**
 * Teaches and settles every lesson that ended by `at` as the tests before issue 16 expected: the
 * teacher and the student were in the room, the lesson is completed and its earning released at
 * once (not 24 hours later). Answers how many lessons completed.
 */
export async function completeTaught(
  app: {
    money: {
      booking: { completeDue(at: Date): Promise<number>; releaseEndedBy(at: Date, now?: Date): Promise<number> };
    };
  },
  db: Db,
  at: Date,
): Promise<number> {
  await attendConfirmedLessons(db);
  const done = await app.money.booking.completeDue(at);
  await app.money.booking.releaseEndedBy(at, at);
  return done;
}
