import { OVERVIEW_TIME_ZONE, ROLE, TEACHER_NO_SHOW_REASON } from '@ustaz/contract';
import type { Db } from '../../db/client.ts';
import { rawQueryOf } from '../../db/raw-sql.ts';

/**
 * The admin overview's figures for a range (issue 34), each one SQL aggregate: no row comes back to
 * JavaScript but the per-day series and the top lists. `start` and `end` are the instants that
 * bound the range's Kuwaiti days (`end` exclusive); `now` decides which lessons are due.
 */
export type OverviewRange = { start: Date; end: Date; fromDay: string; toDay: string; now: Date };

/** A lesson that was paid for (so it counts as booked): not waiting for its payment, not released unpaid. */
const PAID_LESSON = `r.status <> 'pending' and coalesce(r.cancel_reason, '') not in ('holdExpired', 'standingUnpaid')`;
const ZONE = `'${OVERVIEW_TIME_ZONE}'`;

const num = (value: unknown) => Number(value ?? 0);

/** Per Kuwaiti day of the range: bookings made, lessons held (by start), money paid in and teachers' earnings (fils). */
export async function overviewDaily(db: Db, range: OverviewRange) {
  const result = await rawQueryOf(db)<{
    day: string;
    bookings: number | string;
    held: number | string;
    paid: number | string;
    earned: number | string;
  }>(
    `
    with days as (
      select d::date as day from generate_series($3::date, $4::date, interval '1 day') as d
    ),
    booked as (
      select (r.created_at at time zone ${ZONE})::date as day, count(*) as n
      from reservations r
      where r.created_at >= $1 and r.created_at < $2 and ${PAID_LESSON}
      group by 1
    ),
    held as (
      select (r.start_time at time zone ${ZONE})::date as day, count(*) as n
      from reservations r
      where r.status = 'completed' and r.start_time >= $1 and r.start_time < $2
      group by 1
    ),
    paid as (
      select (p.paid_at at time zone ${ZONE})::date as day, sum(p.amount_fils) as fils
      from payments p
      where p.status = 'paid' and p.paid_at >= $1 and p.paid_at < $2
      group by 1
    ),
    earned as (
      select (t.created_at at time zone ${ZONE})::date as day, sum(e.amount_fils) as fils
      from ledger_transfers t
      join ledger_entries e on e.transfer_id = t.id
      join ledger_accounts a on a.id = e.account_id and a.kind = 'earnings'
      where t.kind = 'lesson_earning' and t.created_at >= $1 and t.created_at < $2
      group by 1
    )
    select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(booked.n, 0) as bookings, coalesce(held.n, 0) as held,
      coalesce(paid.fils, 0) as paid, coalesce(earned.fils, 0) as earned
    from days
    left join booked on booked.day = days.day
    left join held on held.day = days.day
    left join paid on paid.day = days.day
    left join earned on earned.day = days.day
    order by days.day`,
    [range.start, range.end, range.fromDay, range.toDay],
  );
  return result.rows.map((row) => ({
    day: row.day,
    bookings: num(row.bookings),
    lessonsHeld: num(row.held),
    paidInFils: num(row.paid),
    teacherEarningsFils: num(row.earned),
  }));
}

/** The range's totals: the daily sums, new students and teachers, and the outcomes of the paid lessons due in it. */
export async function overviewTotals(db: Db, { start, end, now }: Pick<OverviewRange, 'start' | 'end' | 'now'>) {
  const result = await rawQueryOf(db)<Record<string, number | string | null>>(
    `
    select
      (select count(*) from reservations r
        where r.created_at >= $1 and r.created_at < $2 and ${PAID_LESSON}) as bookings,
      (select count(*) from reservations r
        where r.status = 'completed' and r.start_time >= $1 and r.start_time < $2) as held,
      (select coalesce(sum(p.amount_fils), 0) from payments p
        where p.status = 'paid' and p.paid_at >= $1 and p.paid_at < $2) as paid,
      (select coalesce(sum(e.amount_fils), 0) from ledger_transfers t
        join ledger_entries e on e.transfer_id = t.id
        join ledger_accounts a on a.id = e.account_id and a.kind = 'earnings'
        where t.kind = 'lesson_earning' and t.created_at >= $1 and t.created_at < $2) as earned,
      (select count(*) filter (where u.role_id = ${ROLE.student}) from users u
        where u.created_at >= $1 and u.created_at < $2) as new_students,
      (select count(*) filter (where u.role_id = ${ROLE.teacher}) from users u
        where u.created_at >= $1 and u.created_at < $2) as new_teachers,
      due.n as due, due.completed, due.no_show, due.cancelled
    from (
      select count(*) as n,
        count(*) filter (where r.status = 'completed') as completed,
        count(*) filter (where r.status = 'cancelled' and r.cancel_reason = $4) as no_show,
        count(*) filter (where r.status = 'cancelled' and coalesce(r.cancel_reason, '') <> $4) as cancelled
      from reservations r
      where r.start_time >= $1 and r.start_time < $2 and r.end_time <= $3 and ${PAID_LESSON}
    ) as due`,
    [start, end, now, TEACHER_NO_SHOW_REASON],
  );
  const row = result.rows[0] ?? {};
  return {
    bookings: num(row.bookings),
    lessonsHeld: num(row.held),
    paidInFils: num(row.paid),
    teacherEarningsFils: num(row.earned),
    newStudents: num(row.new_students),
    newTeachers: num(row.new_teachers),
    lessonsDue: num(row.due),
    completed: num(row.completed),
    noShows: num(row.no_show),
    cancelled: num(row.cancelled),
  };
}

/** The subjects whose teachers were booked most in the range (each lesson counts for each subject of its teacher). */
export async function overviewTopSubjects(db: Db, { start, end }: Pick<OverviewRange, 'start' | 'end'>, limit = 5) {
  const result = await rawQueryOf(db)<{ id: number; name_ar: string; name_en: string; n: number | string }>(
    `
    select s.id, s.name_ar, s.name_en, count(*) as n
    from reservations r
    join teacher_subjects ts on ts.teacher_id = r.teacher_id
    join subjects s on s.id = ts.subject_id
    where r.created_at >= $1 and r.created_at < $2 and ${PAID_LESSON}
    group by s.id, s.name_ar, s.name_en
    order by count(*) desc, s.id
    limit $3`,
    [start, end, limit],
  );
  return result.rows.map((row) => ({
    subjectId: Number(row.id),
    nameAr: row.name_ar,
    nameEn: row.name_en,
    bookings: num(row.n),
  }));
}

/** The searches that found nothing in the range, most asked first: one row per normalized term and kind, in its most typed spelling. */
export async function overviewNotFoundTerms(db: Db, { start, end }: Pick<OverviewRange, 'start' | 'end'>, limit = 10) {
  const result = await rawQueryOf(db)<{ term: string; search_type: string; n: number | string }>(
    `
    select mode() within group (order by l.keywords) as term, l.search_type, count(*) as n
    from search_not_found_logs l
    where l.created_at >= $1 and l.created_at < $2
    group by l.search_type, l.normalized
    order by count(*) desc, min(l.normalized)
    limit $3`,
    [start, end, limit],
  );
  return result.rows.map((row) => ({ term: row.term, searchType: row.search_type, count: num(row.n) }));
}

/** What waits on the operator now: requested payouts (count, sum, oldest) and the oldest open dispute. */
export async function overviewWaiting(db: Db) {
  const result = await rawQueryOf(db)<{
    payouts: number | string;
    payout_fils: number | string;
    oldest_payout: Date | string | null;
    dispute_id: number | null;
    dispute_reservation: number | null;
    dispute_at: Date | string | null;
  }>(
    `
    select p.n as payouts, p.fils as payout_fils, p.oldest as oldest_payout,
      d.id as dispute_id, d.reservation_id as dispute_reservation, d.created_at as dispute_at
    from (
      select count(*) as n, coalesce(sum(amount_fils), 0) as fils, min(created_at) as oldest
      from payouts where status = 'requested'
    ) as p
    left join lateral (
      select id, reservation_id, created_at from lesson_disputes
      where status = 'open' order by created_at, id limit 1
    ) as d on true`,
    [],
  );
  const row = result.rows[0];
  const at = (value: Date | string | null | undefined) => (value ? new Date(value) : null);
  return {
    payouts: num(row?.payouts),
    payoutFils: num(row?.payout_fils),
    oldestPayoutAt: at(row?.oldest_payout),
    oldestDispute:
      row?.dispute_id != null
        ? { id: Number(row.dispute_id), reservationId: Number(row.dispute_reservation), openedAt: at(row.dispute_at) }
        : null,
  };
}
