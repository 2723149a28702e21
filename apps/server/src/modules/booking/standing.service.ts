import { randomBytes } from 'node:crypto';
import {
  BOOKING,
  cancellationTerms,
  type Language,
  STANDING,
  type StandingBooking,
  type StandingBookingBody,
  type StandingPreviewResponse,
} from '@ustaz/contract';
import type { Db, Executor } from '../../db/client.ts';
import type { ReservationRow } from '../../db/schema.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import { userBalance } from '../ledger/ledger.service.ts';
import { usableSubscriptions } from '../subscriptions/subscriptions.service.ts';
import { findProfileIdOfUser } from '../teachers/teachers.service.ts';
import { dayInZone } from '../time-slots/zoned-clock.ts';
import { chargeBalance, paidPart, spendSplitHours } from './balance-charge.ts';
import { minutesOf, reservationsAsSeenBy } from './booking.presenter.ts';
import {
  lockLiveUser,
  lockReservation,
  lockSlots,
  readSlots,
  releaseExpiredHolds,
  setSlotsBooked,
} from './booking.repo.ts';
import { cancelLocked } from './booking-cancellation.service.ts';
import type { BookingContext } from './booking-context.ts';
import { notifyBooked } from './booking-notices.ts';
import { splitPayment } from './hours-split.ts';
import { insertReservations } from './reservations.repo.ts';
import { checkSlots } from './slot-taking.ts';
import { toStandingBooking, toStandingPreview } from './standing.presenter.ts';
import {
  insertStandingBooking,
  lessonsOfStanding,
  lockStandingBooking,
  standingBookingById,
  standingBookingsOf,
  stopStandingBooking,
  teacherZoneOf,
  unpaidSeriesLessonCount,
} from './standing.repo.ts';
import { type PlanSlot, planSeries } from './standing-plan.ts';
import { assertNewcomerRoom, lockRoomOfSlot } from './standing-room.ts';
import { createStandingSweep } from './standing-sweep.ts';

type Body = { timeSlotId: number; weeks: number; paymentMethod: StandingBookingBody['paymentMethod'] };
const HOUR_MS = 3_600_000;
const chargeAtOf = (start: Date) => new Date(start.getTime() - STANDING.chargeHoursBefore * HOUR_MS);
/** The series' lessons not charged at once: they wait, pending, for their charge time. */
const unpaidOf = (slots: PlanSlot[], now: Date) => slots.filter((slot) => chargeAtOf(slot.startTime) > now);

/** The first slot of a series: open, ahead, a lesson (not a trial), of a listed teacher, not the student's own. */
async function firstSlot(tx: Executor, userId: number, timeSlotId: number, now: Date, lock: boolean) {
  const slots = lock ? await lockSlots(tx, [timeSlotId]) : await readSlots(tx, [timeSlotId]);
  await checkSlots(tx, userId, [timeSlotId], 'timeSlotId', slots, now);
  const [slot] = slots;
  if (!slot || slot.kind === 'trial')
    throw new HttpError(409, 'slotUnavailable', 'A weekly series starts with a lesson slot');
  return slot;
}

async function seriesView(executor: Db | Executor, ids: number[], viewerId: number, now: Date, language?: Language) {
  const rows = (await Promise.all(ids.map((id) => standingBookingById(executor, id)))).filter((row) => !!row);
  const lessons = await lessonsOfStanding(executor, ids);
  const views = await reservationsAsSeenBy(
    executor,
    lessons.map((lesson) => lesson.id),
    viewerId,
    now,
    language,
  );
  const byId = new Map(views.map((view) => [view.id, view]));
  return rows.map((row) =>
    toStandingBooking(
      row,
      lessons
        .filter((lesson) => lesson.standingBookingId === row.id)
        .flatMap((lesson) => byId.get(lesson.id) ?? [])
        .sort((a, b) => a.startTime.localeCompare(b.startTime)),
      now,
    ),
  );
}

/**
 * A series holds a teacher's weeks before they are paid, so it is not free to make (a second account
 * with an empty wallet must not block a teacher's term): the student's balance (hours first, then the
 * wallet) covers its first lesson, and they hold at most STANDING.maxUnpaidLessons unpaid series lessons
 * in all (and a newcomer's fit the teacher's room, `standing-room.ts`). A first lesson due now is charged instead (`reserveSeries`), which checks the balance itself.
 */
async function assertMayHold(tx: Executor, userId: number, slots: PlanSlot[], now: Date) {
  const unpaid = unpaidOf(slots, now);
  if ((await unpaidSeriesLessonCount(tx, userId)) + unpaid.length > STANDING.maxUnpaidLessons)
    throw new HttpError(
      409,
      'standingLimitReached',
      `At most ${STANDING.maxUnpaidLessons} weekly lessons can wait to be paid at once`,
    );
  const [first] = slots;
  if (!first || chargeAtOf(first.startTime) <= now) return;
  const split = splitPayment(
    [{ minutes: minutesOf(first), priceFils: first.priceFils }],
    await usableSubscriptions(tx, userId, now, { lock: true }),
  );
  if ((await userBalance(tx, 'wallet', userId)) < split.cashFils)
    throw new FieldValidationError({ balance: 'insufficientBalance' });
}

/** Inserts the series' lessons: due ones charged now (hours first, then wallet), the rest pending with their charge time. */
async function reserveSeries(
  tx: Executor,
  userId: number,
  seriesId: number,
  teacherId: number,
  slots: PlanSlot[],
  now: Date,
) {
  const due = slots.filter((slot) => chargeAtOf(slot.startTime) <= now);
  const group = `st_${randomBytes(10).toString('hex')}`;
  const split = due.length > 0 ? await chargeBalance(tx, userId, due, group, now) : null;
  const rows = await insertReservations(
    tx,
    slots.map((slot) => {
      const index = due.indexOf(slot);
      const base = {
        studentId: userId,
        teacherId,
        timeSlotId: slot.id,
        startTime: slot.startTime,
        endTime: slot.endTime,
        priceFils: slot.priceFils,
        standingBookingId: seriesId,
      };
      return index >= 0 && split
        ? { ...base, status: 'confirmed' as const, bookingGroup: group, ...paidPart(split, index, slot.priceFils) }
        : { ...base, status: 'pending' as const, chargeAt: chargeAtOf(slot.startTime), cashFils: 0 };
    }),
  );
  if (split)
    await spendSplitHours(
      tx,
      split,
      rows.filter((row: ReservationRow) => row.status === 'confirmed'),
    );
  return rows;
}

/**
 * Standing weekly lessons (issue 32, ADR 034): a series books the first slot and the same weekday
 * and time of the following weeks in one transaction; each lesson is charged 48 h before its start
 * (`standing-sweep.ts`), the first at once when it starts sooner.
 */
export function createStandingService(ctx: BookingContext) {
  const { db, clock, mail } = ctx;

  async function plan(executor: Executor, userId: number, body: Body, now: Date, lock: boolean) {
    const first = await firstSlot(executor, userId, body.timeSlotId, now, lock);
    const timeZone = (await teacherZoneOf(executor, first.teacherId)) ?? 'Asia/Kuwait';
    return { first, plan: await planSeries(executor, first, body.weeks, timeZone) };
  }

  async function ownSeries(tx: Executor, userId: number, id: number) {
    const series = await lockStandingBooking(tx, id);
    if (!series || series.studentId !== userId) throw new HttpError(404, 'notFound', 'Series not found');
    if (series.status !== 'active') throw new HttpError(409, 'standingNotActive', 'This series is not active');
    return series;
  }

  return {
    async preview(userId: number, body: Body, now = clock()): Promise<StandingPreviewResponse> {
      return toStandingPreview((await plan(db, userId, body, now, false)).plan);
    },

    async create(userId: number, body: Body, language?: Language, now = clock()): Promise<StandingBooking> {
      const id = await db.transaction(async (tx) => {
        if (!(await lockLiveUser(tx, userId))) throw new HttpError(401, 'unauthorized', 'Unauthorized');
        await lockRoomOfSlot(tx, body.timeSlotId);
        const { first, plan: found } = await plan(tx, userId, body, now, true);
        // Lock the later weeks' slots (id order) and keep those still open: a booking that won one makes it a missing week.
        const laterIds = found.slots.slice(1).map((slot) => slot.id);
        await releaseExpiredHolds(tx, now, laterIds);
        const locked = new Map((await lockSlots(tx, laterIds)).map((slot) => [slot.id, slot]));
        const slots = [first, ...found.slots.slice(1).filter((slot) => locked.get(slot.id)?.status === 'open')];
        const missingWeeks = [
          ...found.missingWeeks,
          ...found.slots
            .slice(1)
            .filter((slot) => !slots.includes(slot))
            .map((slot) => dayInZone(slot.startTime, found.timeZone)),
        ].sort();
        await assertMayHold(tx, userId, slots, now);
        await assertNewcomerRoom(tx, userId, first.teacherId, unpaidOf(slots, now).length);
        const series = await insertStandingBooking(tx, {
          studentId: userId,
          teacherId: first.teacherId,
          weeks: body.weeks,
          weekday: found.weekday,
          startMinute: found.startMinute,
          durationMinutes: found.durationMinutes,
          timeZone: found.timeZone,
          missingWeeks,
        });
        const rows = await reserveSeries(tx, userId, series.id, first.teacherId, slots, now);
        await setSlotsBooked(
          tx,
          slots.map((slot) => slot.id),
        );
        const teacherSlots = slots.map((slot) => ({ ...first, ...slot }));
        await notifyBooked(tx, mail, userId, rows, teacherSlots, now);
        return series.id;
      });
      const [view] = await seriesView(db, [id], userId, now, language);
      if (!view) throw new HttpError(404, 'notFound', 'Series not found');
      return view;
    },

    /** The student's series, or (a teacher) the series with them. */
    async list(userId: number, language?: Language, now = clock()) {
      const profileId = await findProfileIdOfUser(db, userId);
      const rows = [
        ...(await standingBookingsOf(db, { studentId: userId })),
        ...(profileId ? await standingBookingsOf(db, { teacherProfileId: profileId }) : []),
      ];
      return { items: await seriesView(db, [...new Set(rows.map((row) => row.id))], userId, now, language) };
    },

    /** One week skipped: unpaid -> released; paid -> refunded in full while the cancellation window is open. */
    async skip(userId: number, id: number, reservationId: number, now = clock()): Promise<StandingBooking> {
      await db.transaction(async (tx) => {
        await ownSeries(tx, userId, id);
        const row = await lockReservation(tx, reservationId);
        if (!row || row.standingBookingId !== id) throw new HttpError(404, 'notFound', 'Lesson not found');
        const start = row.startTime ?? now;
        if ((row.status !== 'pending' && row.status !== 'confirmed') || start <= now)
          throw new HttpError(409, 'conflict', 'This lesson can no longer be skipped');
        if (row.status === 'confirmed' && !cancellationTerms(start, now).cancellable)
          throw new HttpError(
            409,
            'cancellationClosed',
            `A lesson can be cancelled until ${BOOKING.studentCancelHours} hours before it starts`,
          );
        await cancelLocked(tx, row, 'student', userId, 'standingSkipped', now);
      });
      const [view] = await seriesView(db, [id], userId, now);
      if (!view) throw new HttpError(404, 'notFound', 'Series not found');
      return view;
    },

    /** The series stops: unpaid lessons released, paid ones refunded while free to cancel, else kept. */
    async stop(userId: number, id: number, now = clock()): Promise<StandingBooking> {
      await db.transaction(async (tx) => {
        await ownSeries(tx, userId, id);
        for (const lesson of await lessonsOfStanding(tx, [id])) {
          const row = await lockReservation(tx, lesson.id);
          if (!row || (row.status !== 'pending' && row.status !== 'confirmed')) continue;
          const start = row.startTime ?? now;
          if (start <= now) continue;
          if (row.status === 'confirmed' && !cancellationTerms(start, now).cancellable) continue;
          await cancelLocked(tx, row, 'student', userId, 'standingStopped', now);
        }
        await stopStandingBooking(tx, id, 'stopped', now);
      });
      const [view] = await seriesView(db, [id], userId, now);
      if (!view) throw new HttpError(404, 'notFound', 'Series not found');
      return view;
    },

    ...createStandingSweep(ctx),
  };
}

export type StandingService = ReturnType<typeof createStandingService>;
