import {
  type AdminOverview,
  type adminOverviewQuerySchema,
  filsToKwd,
  OVERVIEW_MAX_DAYS,
  OVERVIEW_TIME_ZONE,
} from '@ustaz/contract';
import type { z } from 'zod';
import { FieldValidationError } from '../../http/errors.ts';
import type { AdminContext } from './admin-context.ts';
import { toDailyRows, toPeriodFigures, toWaiting } from './admin-overview.presenter.ts';
import {
  type OverviewRange,
  overviewDaily,
  overviewNotFoundTerms,
  overviewTopSubjects,
  overviewTotals,
  overviewWaiting,
} from './admin-overview.repo.ts';
import { overviewFigures } from './admin-users.repo.ts';

type OverviewQuery = z.output<typeof adminOverviewQuerySchema>;

const DAY_MS = 24 * 3600_000;
/** Kuwait keeps UTC+3 all year (no daylight saving since 2007): its days start at 21:00 UTC the day before. */
const KUWAIT_OFFSET_MS = 3 * 3600_000;
const DEFAULT_DAYS = 30;

/** A calendar day as the number of days since 1970-01-01 (UTC arithmetic on the date alone). */
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
/** The instant a Kuwaiti calendar day (as a day number) starts. */
const dayStart = (n: number) => new Date(n * DAY_MS - KUWAIT_OFFSET_MS);

/** The range the query asks for (Kuwaiti days, both inclusive), checked, and the one before it of the same length. */
export function overviewRanges(query: OverviewQuery, now: Date) {
  const today = Math.floor((now.getTime() + KUWAIT_OFFSET_MS) / DAY_MS);
  const to = query.to ? dayNumber(query.to) : query.from ? Math.max(today, dayNumber(query.from)) : today;
  const from = query.from ? dayNumber(query.from) : to - (DEFAULT_DAYS - 1);
  if (to < from) throw new FieldValidationError({ to: 'invalid' });
  const days = to - from + 1;
  if (days > OVERVIEW_MAX_DAYS) throw new FieldValidationError({ from: 'tooBig' });
  const range = (first: number, last: number): OverviewRange => ({
    start: dayStart(first),
    end: dayStart(last + 1),
    fromDay: dayText(first),
    toDay: dayText(last),
    now,
  });
  return { days, current: range(from, to), previous: range(from - days, from - 1) };
}

/** GET /api/v1/admin/overview: the headline figures, then the range's against the previous range (issue 34). */
export function createAdminOverviewService({ db }: AdminContext) {
  return {
    async overview(query: OverviewQuery, now = new Date()): Promise<AdminOverview> {
      const { days, current, previous } = overviewRanges(query, now);
      const [figures, daily, totals, before, topSubjects, notFoundTerms, waiting] = await Promise.all([
        overviewFigures(db, now),
        overviewDaily(db, current),
        overviewTotals(db, current),
        overviewTotals(db, previous),
        overviewTopSubjects(db, current),
        overviewNotFoundTerms(db, current),
        overviewWaiting(db),
      ]);
      return {
        users: figures.users,
        students: figures.students,
        teachers: figures.teachers,
        pendingTeachers: figures.pendingTeachers,
        suspendedUsers: figures.suspendedUsers,
        upcomingReservations: figures.upcomingReservations,
        pendingPayments: figures.pendingPayments,
        paidLast30Days: filsToKwd(figures.paidLast30DaysFils),
        walletsTotal: filsToKwd(figures.walletsTotalFils),
        notFoundSearches: figures.notFoundSearches,
        period: {
          from: current.fromDay,
          to: current.toDay,
          days,
          previousFrom: previous.fromDay,
          previousTo: previous.toDay,
          timeZone: OVERVIEW_TIME_ZONE,
        },
        daily: toDailyRows(daily),
        current: toPeriodFigures(totals),
        previous: toPeriodFigures(before),
        topSubjects,
        notFoundTerms,
        ...toWaiting(waiting),
      };
    },
  };
}
