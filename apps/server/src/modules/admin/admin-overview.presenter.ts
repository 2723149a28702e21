import { type AdminOverview, filsToKwd, type OverviewPeriodFigures } from '@ustaz/contract';
import type { overviewDaily, overviewTotals, overviewWaiting } from './admin-overview.repo.ts';

type Totals = Awaited<ReturnType<typeof overviewTotals>>;

/** A share of the due lessons, to 4 decimals; null when none was due. */
function rate(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null;
}

/** A range's totals as the overview shows them: KWD amounts and the outcome rates of the lessons due. */
export function toPeriodFigures(totals: Totals): OverviewPeriodFigures {
  return {
    bookings: totals.bookings,
    lessonsHeld: totals.lessonsHeld,
    paidIn: filsToKwd(totals.paidInFils),
    teacherEarnings: filsToKwd(totals.teacherEarningsFils),
    newStudents: totals.newStudents,
    newTeachers: totals.newTeachers,
    lessonsDue: totals.lessonsDue,
    completionRate: rate(totals.completed, totals.lessonsDue),
    noShowRate: rate(totals.noShows, totals.lessonsDue),
    cancellationRate: rate(totals.cancelled, totals.lessonsDue),
  };
}

export function toDailyRows(rows: Awaited<ReturnType<typeof overviewDaily>>): AdminOverview['daily'] {
  return rows.map((row) => ({
    day: row.day,
    bookings: row.bookings,
    lessonsHeld: row.lessonsHeld,
    paidIn: filsToKwd(row.paidInFils),
    teacherEarnings: filsToKwd(row.teacherEarningsFils),
  }));
}

export function toWaiting(
  waiting: Awaited<ReturnType<typeof overviewWaiting>>,
): Pick<AdminOverview, 'payoutsWaiting' | 'oldestOpenDispute'> {
  const dispute = waiting.oldestDispute;
  return {
    payoutsWaiting: {
      count: waiting.payouts,
      amount: filsToKwd(waiting.payoutFils),
      oldestAt: waiting.oldestPayoutAt?.toISOString() ?? null,
    },
    oldestOpenDispute:
      dispute?.openedAt != null
        ? { id: dispute.id, reservationId: dispute.reservationId, openedAt: dispute.openedAt.toISOString() }
        : null,
  };
}
