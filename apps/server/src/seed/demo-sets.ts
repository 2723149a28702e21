import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { IS_DEMO_USER } from './demo-accounts.ts';

/**
 * What `npm run db:remove-demo` works on (ADR 023), as temporary tables of the removal's transaction
 * (dropped at its end): the demo accounts and everything of theirs, split into what goes and what a
 * real user's rows still need. SQL lives in src/seed/ (hardening/layers.test.ts).
 */

/** Runs one statement; its rows. */
export async function run<Row>(tx: Executor, text: string): Promise<Row[]> {
  return ((await tx.execute(sql.raw(text))) as unknown as { rows: Row[] }).rows;
}

/** A lesson not over yet: held or booked, its end still ahead (the account-deletion rule). */
const UPCOMING = `r.status in ('pending', 'confirmed') and coalesce(r.end_time, s.end_time) > now()`;

/**
 * The sets, in order. `demo_users`: the demo accounts. `demo_kept`: those a real user's rows point
 * to (a lesson with a real user, a chat with one, an admin record, a transfer they made that stays,
 * real money through a gateway, a payout not rejected): they stay as deleted, anonymised accounts.
 * `demo_gone`: the rest, deleted. `demo_reservations`: lessons between two demo accounts, deleted;
 * `demo_transfers`: the ledger transfers that go with what is deleted.
 */
const SETS = [
  `create temp table demo_users on commit drop as select u.id, lower(u.email) as email from users u where ${IS_DEMO_USER}`,
  `create temp table demo_profiles on commit drop as
     select tp.id, tp.user_id from teacher_profiles tp where tp.user_id in (select id from demo_users)`,
  // Lessons: with a real party (kept, with their slots), or between two demo accounts (deleted).
  `create temp table mixed_reservations on commit drop as
     select r.id, r.status, r.time_slot_id, r.booking_group, r.student_id, tp.user_id as teacher_user_id,
       coalesce(r.start_time, s.start_time) as start_time, ${UPCOMING} as upcoming
     from reservations r join teacher_profiles tp on tp.id = r.teacher_id join time_slots s on s.id = r.time_slot_id
     where (r.student_id in (select id from demo_users)) <> (tp.user_id in (select id from demo_users))`,
  `create temp table demo_reservations on commit drop as
     select r.id, r.booking_group, r.time_slot_id from reservations r
     where r.student_id in (select id from demo_users) and r.teacher_id in (select id from demo_profiles)`,
  `create temp table demo_kept on commit drop as
     select d.id from demo_users d where
       exists (select 1 from mixed_reservations m where d.id in (m.student_id, m.teacher_user_id))
       or exists (select 1 from conversations c where (c.student_id = d.id and c.teacher_id not in (select id from demo_users))
                                                  or (c.teacher_id = d.id and c.student_id not in (select id from demo_users)))
       or exists (select 1 from admin_audit_log l where l.actor_user_id = d.id)
       or exists (select 1 from teacher_applications a where a.decided_by = d.id and a.user_id not in (select id from demo_users))
       or exists (select 1 from payouts p where p.decided_by = d.id and p.user_id not in (select id from demo_users))
       or exists (select 1 from lesson_disputes x where x.resolved_by = d.id and x.reservation_id not in (select id from demo_reservations))
       or exists (select 1 from payments p where p.user_id = d.id and p.gateway <> 'sandbox' and p.status = 'paid')
       or exists (select 1 from payouts p where p.user_id = d.id and p.status <> 'rejected')`,
  `create temp table demo_gone on commit drop as select id from demo_users where id not in (select id from demo_kept)`,
  `create temp table demo_gone_accounts on commit drop as
     select a.id from ledger_accounts a where a.user_id in (select id from demo_gone)`,
  `create temp table demo_subscriptions on commit drop as
     select id from user_subscriptions where user_id in (select id from demo_gone)`,
  `create temp table demo_payments on commit drop as select id from payments where user_id in (select id from demo_gone)`,
  `create temp table demo_payouts on commit drop as select id from payouts where user_id in (select id from demo_gone)`,
  `create temp table demo_transfers on commit drop as
     select e.transfer_id as id from ledger_entries e where e.account_id in (select id from demo_gone_accounts)
     union select t.id from ledger_transfers t where t.reservation_id in (select id from demo_reservations)
     union select t.id from ledger_transfers t where t.subscription_id in (select id from demo_subscriptions)
     union select t.id from ledger_transfers t where t.payment_id in (select id from demo_payments)
     union select t.id from ledger_transfers t
       where t.key in (select 'booking:' || booking_group from demo_reservations where booking_group is not null)
     union select t.id from ledger_transfers t
       where t.key in (select k || ':' || p.id from demo_payouts p cross join (values ('payout'), ('payout_paid'), ('payout_rejected')) v(k))`,
];

export async function markDemoData(tx: Executor): Promise<void> {
  for (const statement of SETS) await run(tx, statement);
}

const kwd = (fils: number | string) => `${(Number(fils) / 1000).toFixed(3)} KWD`;

/**
 * Why the removal cannot go ahead, one line each (empty: it can). A real user's lesson with a demo
 * account that is not over yet (cancel it first: the student is refunded); a transfer that would go
 * but moves a real user's money, or pays for a lesson that stays; hours of a kept subscription spent
 * on lessons that go; a kept account left below zero.
 */
export async function demoRemovalBlockers(tx: Executor): Promise<string[]> {
  const upcoming = await run<{ id: number; status: string; start_time: string; student: string; teacher: string }>(
    tx,
    `select m.id, m.status, m.start_time::text as start_time, s.email as student, t.email as teacher
     from mixed_reservations m join users s on s.id = m.student_id join users t on t.id = m.teacher_user_id
     where m.upcoming order by m.start_time, m.id`,
  );
  const realMoney = await run<{ key: string; email: string }>(
    tx,
    `select distinct t.key, u.email from demo_transfers d join ledger_transfers t on t.id = d.id
     join ledger_entries e on e.transfer_id = t.id join ledger_accounts a on a.id = e.account_id
     join users u on u.id = a.user_id
     where a.user_id not in (select id from demo_users) order by t.key, u.email`,
  );
  const keptHours = await run<{ id: number; email: string }>(
    tx,
    `select distinct us.id, u.email from subscription_usages x join user_subscriptions us on us.id = x.subscription_id
     join users u on u.id = us.user_id
     where x.reservation_id in (select id from demo_reservations) and x.refunded_at is null
       and us.id not in (select id from demo_subscriptions) order by us.id`,
  );
  const sharedGroups = await run<{ group: string; id: number }>(
    tx,
    `select m.booking_group as group, m.id from mixed_reservations m
     where m.booking_group in (select booking_group from demo_reservations) order by m.id`,
  );
  const belowZero = await run<{ email: string; kind: string; after: string }>(
    tx,
    `select u.email, a.kind, (a.balance_fils - s.moved)::text as after
     from (select e.account_id, sum(e.amount_fils) as moved from ledger_entries e
           where e.transfer_id in (select id from demo_transfers) group by e.account_id) s
     join ledger_accounts a on a.id = s.account_id join users u on u.id = a.user_id
     where a.id not in (select id from demo_gone_accounts) and a.balance_fils - s.moved < 0`,
  );
  return [
    ...upcoming.map(
      (r) =>
        `reservation #${r.id} (${r.status}, starts ${r.start_time}) of ${r.student} with ${r.teacher} is not over: an admin cancels it (the student is refunded), or it ends first`,
    ),
    ...realMoney.map((r) => `transfer ${r.key} moves the money of ${r.email}, who is not a demo account`),
    ...keptHours.map(
      (r) => `subscription #${r.id} of ${r.email} (an account that stays) paid hours for demo lessons that would go`,
    ),
    ...sharedGroups.map(
      (r) => `booking ${r.group} paid in one transfer for demo lessons and for reservation #${r.id} with a real user`,
    ),
    ...belowZero.map((r) => `the ${r.kind} of ${r.email} would fall to ${kwd(r.after)}`),
  ];
}
