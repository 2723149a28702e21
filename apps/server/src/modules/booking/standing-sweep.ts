import { DEFAULT_LANGUAGE, filsToKwd, STANDING } from '@ustaz/contract';
import type { Executor } from '../../db/client.ts';
import { FieldValidationError } from '../../http/errors.ts';
import { LESSONS_PAGE, renderChargeFailedMail, renderReleasedMail, WALLET_PAGE } from '../../mail/weekly-templates.ts';
import { userBalance } from '../ledger/ledger.service.ts';
import { insertNotifications } from '../notifications/notifications.service.ts';
import { chargeBalance, paidPart, spendSplitHours } from './balance-charge.ts';
import { lockSlots, namesOf } from './booking.repo.ts';
import { cancelLocked } from './booking-cancellation.service.ts';
import type { BookingContext } from './booking-context.ts';
import { mailParty, notifyBooked } from './booking-notices.ts';
import {
  chargeFailureTold,
  dueChargeIds,
  dueReleaseIds,
  lockUnpaidSeriesLesson,
  markSeriesLessonPaid,
} from './standing.repo.ts';

const HOUR_MS = 3_600_000;
type SeriesLesson = NonNullable<Awaited<ReturnType<typeof lockUnpaidSeriesLesson>>>;

/** The other party's name and the start, as each reader reads them (their language), and the two people. */
async function aboutFor(tx: Executor, row: SeriesLesson) {
  const people = await namesOf(tx, [row.studentId, row.teacherUserId]);
  const nameOf = (userId: number, readerId: number) =>
    people.get(userId)?.name(people.get(readerId)?.language ?? DEFAULT_LANGUAGE) ?? '';
  const startTime = row.startTime?.toISOString() ?? null;
  return {
    student: { reservationId: row.id, teacherName: nameOf(row.teacherUserId, row.studentId), startTime },
    teacher: { reservationId: row.id, studentName: nameOf(row.studentId, row.teacherUserId), startTime },
    people: { student: people.get(row.studentId), teacher: people.get(row.teacherUserId) },
  };
}

/**
 * The series' money clock (issue 32, ADR 034), run by the money sweeper: each unpaid lesson whose
 * charge time (start - 48 h) has come is charged through the booking money path (hours first, then
 * the wallet; one transfer keyed by the lesson), each in its own transaction with the lesson locked
 * (SKIP LOCKED: a second process passes it by) and re-checked, so it is charged at most once. A
 * short balance tells the student once and leaves it pending for the next sweep; still unpaid at
 * start - 24 h the lesson is released (slot open again) and both are told.
 */
export function createStandingSweep({ db, mail }: BookingContext) {
  async function chargeOne(id: number, now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const row = await lockUnpaidSeriesLesson(tx, id);
      if (!row?.chargeAt || row.chargeAt > now || !row.startTime || !row.endTime) return false;
      const slot = { startTime: row.startTime, endTime: row.endTime, priceFils: row.priceFils };
      const group = `st_${row.id}`;
      const split = await chargeBalance(tx, row.studentId, [slot], group, now);
      const paid = await markSeriesLessonPaid(tx, row.id, {
        ...paidPart(split, 0, row.priceFils),
        bookingGroup: group,
      });
      if (!paid) return false;
      await spendSplitHours(tx, split, [paid]);
      const slots = await lockSlots(tx, [row.timeSlotId]);
      await notifyBooked(tx, mail, row.studentId, [paid], slots, now);
      return true;
    });
  }

  async function tellShortOnce(id: number, now: Date) {
    await db.transaction(async (tx) => {
      const row = await lockUnpaidSeriesLesson(tx, id);
      if (!row || (await chargeFailureTold(tx, row.studentId, row.id))) return;
      const wallet = await userBalance(tx, 'wallet', row.studentId);
      const about = await aboutFor(tx, row);
      const start = row.startTime ?? now;
      const deadline = new Date(start.getTime() - STANDING.releaseHoursBefore * HOUR_MS);
      const amount = filsToKwd(row.priceFils);
      const short = filsToKwd(Math.max(0, row.priceFils - wallet));
      await insertNotifications(tx, [
        {
          userId: row.studentId,
          type: 'standing.chargeFailed',
          data: { ...about.student, amount, short, deadline: deadline.toISOString() },
        },
      ]);
      const { teacherName } = about.student;
      await mailParty(tx, mail, about.people.student, WALLET_PAGE, (reader, url) =>
        renderChargeFailedMail(reader, { teacherName, start, amountKwd: amount, shortKwd: short, deadline, url }),
      );
    });
  }

  async function releaseOne(id: number, now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const row = await lockUnpaidSeriesLesson(tx, id);
      const releaseAt = (row?.startTime?.getTime() ?? 0) - STANDING.releaseHoursBefore * HOUR_MS;
      if (!row || releaseAt > now.getTime()) return false;
      await cancelLocked(tx, row, 'system', null, 'standingUnpaid', now);
      const about = await aboutFor(tx, row);
      await insertNotifications(tx, [
        { userId: row.studentId, type: 'standing.released', data: about.student },
        { userId: row.teacherUserId, type: 'standing.released', data: about.teacher },
      ]);
      const start = row.startTime ?? now;
      await mailParty(tx, mail, about.people.student, LESSONS_PAGE.student, (reader, url) =>
        renderReleasedMail(reader, { role: 'student', otherName: about.student.teacherName, start, url }),
      );
      await mailParty(tx, mail, about.people.teacher, LESSONS_PAGE.teacher, (reader, url) =>
        renderReleasedMail(reader, { role: 'teacher', otherName: about.teacher.studentName, start, url }),
      );
      return true;
    });
  }

  return {
    /** One pass of the series' clock at `now`: releases first (past start - 24 h), then charges. */
    async sweepStanding(now: Date) {
      const releaseBefore = new Date(now.getTime() + STANDING.releaseHoursBefore * HOUR_MS);
      let released = 0;
      for (const id of await dueReleaseIds(db, releaseBefore)) if (await releaseOne(id, now)) released += 1;
      let charged = 0;
      let short = 0;
      for (const id of await dueChargeIds(db, now, releaseBefore)) {
        try {
          if (await chargeOne(id, now)) charged += 1;
        } catch (error) {
          if (!(error instanceof FieldValidationError)) throw error;
          short += 1;
          await tellShortOnce(id, now);
        }
      }
      return { charged, short, released };
    },
  };
}
