import { randomUUID } from 'node:crypto';
import {
  BOOKING,
  defaultSlotPriceFils,
  kwdToFils,
  minSlotPriceFils,
  type OwnSlot,
  RECURRING_SLOTS,
  type RecurringSlotsBody,
  type RecurringSlotsResponse,
  type SeriesRemovedResponse,
  type SlotBody,
  type SlotPatch,
} from '@ustaz/contract';
import type { Db } from '../../db/client.ts';
import { isExclusionViolation } from '../../db/errors.ts';
import type { TimeSlotRow } from '../../db/schema.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import {
  deleteOpenFutureSeriesSlots,
  deleteOpenTeacherSlot,
  findTeacherSlot,
  insertTeacherSlot,
  liveReservationsOfSlots,
  slotHasReservations,
  teacherHasSeries,
  teacherSlotsBetween,
  updateOpenTeacherSlot,
} from './availability.repo.ts';
import { toOwnSlot } from './time-slot.presenter.ts';
import { insertSlots } from './time-slots.repo.ts';
import { dayInZone, daysBetween, minuteOfDay, shiftDay, weekdayOfDay, zonedInstant } from './zoned-clock.ts';

const DAY_MS = 24 * 3600_000;
/** How far ahead a teacher may open slots. */
const MAX_AHEAD_DAYS = 180;

type TeacherOf = (userId: number) => Promise<{ id: number; hourlyRateFils: number; timeZone: string } | undefined>;

/**
 * A teacher's own calendar: list every slot with who holds or booked it, add, edit and delete
 * open slots. Overlaps are refused by the exclusion constraint (409 slotOverlap); a held or
 * booked slot cannot be changed (409 slotNotEditable).
 */
export function createAvailabilityService({ db, teacherOf }: { db: Db; teacherOf: TeacherOf }) {
  async function teacher(userId: number) {
    const profile = await teacherOf(userId);
    if (!profile) throw new HttpError(403, 'forbidden', 'Only teachers have availability');
    return profile;
  }

  function checkRange(start: Date, end: Date, now: Date) {
    if (start.getTime() <= now.getTime()) throw new FieldValidationError({ startTime: 'inPast' });
    if (start.getTime() > now.getTime() + MAX_AHEAD_DAYS * DAY_MS)
      throw new FieldValidationError({ startTime: 'tooBig' });
    const minutes = (end.getTime() - start.getTime()) / 60_000;
    if (minutes < BOOKING.minSlotMinutes) throw new FieldValidationError({ endTime: 'tooSmall' });
    if (minutes > BOOKING.maxSlotMinutes) throw new FieldValidationError({ endTime: 'tooBig' });
  }

  /**
   * At least BOOKING.minPricePerHourKwd an hour for its length (RELIABILITY I11: nothing is bought for
   * nothing), at most BOOKING.maxPricePerHourKwd (I9: a slot cannot be priced to mint money).
   */
  function checkPrice(priceFils: number, start: Date, end: Date) {
    const minutes = (end.getTime() - start.getTime()) / 60_000;
    if (priceFils < minSlotPriceFils(minutes)) throw new FieldValidationError({ price: 'tooSmall' });
    if (priceFils > (kwdToFils(BOOKING.maxPricePerHourKwd) * minutes) / 60)
      throw new FieldValidationError({ price: 'tooBig' });
  }

  async function present(rows: TimeSlotRow[]): Promise<OwnSlot[]> {
    const ids = rows.filter((row) => row.status !== 'open').map((row) => row.id);
    const live = ids.length > 0 ? await liveReservationsOfSlots(db, ids) : [];
    const bySlot = new Map(live.map((row) => [row.slotId, row]));
    return rows.map((row) => toOwnSlot(row, bySlot.get(row.id)));
  }

  async function ownSlot(teacherId: number, id: number): Promise<TimeSlotRow> {
    const row = await findTeacherSlot(db, teacherId, id);
    if (!row) throw new HttpError(404, 'notFound', 'Slot not found');
    return row;
  }

  const overlap = (error: unknown) =>
    isExclusionViolation(error) ? new HttpError(409, 'slotOverlap', 'This time overlaps another of your slots') : error;

  return {
    async list(userId: number, from?: string, to?: string): Promise<OwnSlot[]> {
      const { id } = await teacher(userId);
      const start = from ? new Date(from) : new Date(Date.now() - DAY_MS);
      const end = to ? new Date(to) : new Date(start.getTime() + 60 * DAY_MS);
      const rows = await teacherSlotsBetween(db, id, start, end);
      return present(rows);
    },

    async create(userId: number, body: SlotBody, now = new Date()): Promise<OwnSlot> {
      const { id, hourlyRateFils } = await teacher(userId);
      const start = new Date(body.startTime);
      const end = new Date(body.endTime);
      checkRange(start, end, now);
      const priceFils =
        body.price !== undefined
          ? kwdToFils(body.price)
          : defaultSlotPriceFils(hourlyRateFils, (end.getTime() - start.getTime()) / 60_000);
      checkPrice(priceFils, start, end);
      try {
        const row = await insertTeacherSlot(db, { teacherId: id, startTime: start, endTime: end, priceFils });
        if (!row) throw new Error('slot not created');
        return (await present([row]))[0] as OwnSlot;
      } catch (error) {
        throw overlap(error);
      }
    },

    async update(userId: number, slotId: number, body: SlotPatch, now = new Date()): Promise<OwnSlot> {
      const { id } = await teacher(userId);
      const current = await ownSlot(id, slotId);
      const start = body.startTime ? new Date(body.startTime) : current.startTime;
      const end = body.endTime ? new Date(body.endTime) : current.endTime;
      if (body.startTime || body.endTime) checkRange(start, end, now);
      checkPrice(body.price !== undefined ? kwdToFils(body.price) : current.priceFils, start, end);
      try {
        const row = await updateOpenTeacherSlot(db, id, slotId, {
          startTime: start,
          endTime: end,
          ...(body.price !== undefined ? { priceFils: kwdToFils(body.price) } : {}),
        });
        if (!row) throw new HttpError(409, 'slotNotEditable', 'A held or booked slot cannot be changed');
        return (await present([row]))[0] as OwnSlot;
      } catch (error) {
        throw overlap(error);
      }
    },

    /**
     * A weekly series: slots of `lessonMinutes` back to back from `startTime` until `endTime` on each
     * chosen weekday from `fromDate` to `toDate`, read in the teacher's zone day by day (so a lesson
     * at 18:00 stays at 18:00 across a daylight-saving change). Slots overlapping one of the teacher's
     * (whatever its status) or already started are skipped; all are inserted in one transaction.
     */
    async createRecurring(userId: number, body: RecurringSlotsBody, now = new Date()): Promise<RecurringSlotsResponse> {
      const { id, hourlyRateFils, timeZone } = await teacher(userId);
      const first = minuteOfDay(body.startTime);
      const last = minuteOfDay(body.endTime);
      if (last <= first) throw new FieldValidationError({ endTime: 'endBeforeStart' });
      if (last - first < body.lessonMinutes) throw new FieldValidationError({ endTime: 'tooSmall' });
      const span = daysBetween(body.fromDate, body.toDate);
      if (span < 0) throw new FieldValidationError({ toDate: 'endBeforeStart' });
      if (span > RECURRING_SLOTS.maxRangeDays) throw new FieldValidationError({ toDate: 'rangeTooLong' });
      if (body.fromDate < dayInZone(now, timeZone)) throw new FieldValidationError({ fromDate: 'inPast' });
      if (zonedInstant(body.toDate, 0, timeZone).getTime() > now.getTime() + MAX_AHEAD_DAYS * DAY_MS)
        throw new FieldValidationError({ toDate: 'tooBig' });
      const lessonMs = body.lessonMinutes * 60_000;
      const priceFils =
        body.price !== undefined ? kwdToFils(body.price) : defaultSlotPriceFils(hourlyRateFils, body.lessonMinutes);
      if (priceFils < minSlotPriceFils(body.lessonMinutes)) throw new FieldValidationError({ price: 'tooSmall' });
      if (priceFils > (kwdToFils(BOOKING.maxPricePerHourKwd) * body.lessonMinutes) / 60)
        throw new FieldValidationError({ price: 'tooBig' });

      const weekdays = new Set(body.weekdays);
      const seriesId = randomUUID();
      const values: { teacherId: number; startTime: Date; endTime: Date; priceFils: number; seriesId: string }[] = [];
      let past = 0;
      for (let offset = 0; offset <= span; offset += 1) {
        const day = shiftDay(body.fromDate, offset);
        if (!weekdays.has(weekdayOfDay(day))) continue;
        for (let minute = first; minute + body.lessonMinutes <= last; minute += body.lessonMinutes) {
          const startTime = zonedInstant(day, minute, timeZone);
          if (startTime.getTime() <= now.getTime()) past += 1;
          else
            values.push({
              teacherId: id,
              startTime,
              endTime: new Date(startTime.getTime() + lessonMs),
              priceFils,
              seriesId,
            });
        }
      }
      const created = await db.transaction((tx) => insertSlots(tx, values, { skipOverlaps: true }));
      return { created: created.length, skipped: past + values.length - created.length, seriesId };
    },

    /** Removes a series' open future slots that were never reserved; held and booked ones stay. 404 for a series not the teacher's. */
    async removeSeries(userId: number, seriesId: string, now = new Date()): Promise<SeriesRemovedResponse> {
      const { id } = await teacher(userId);
      return db.transaction(async (tx) => {
        if (!(await teacherHasSeries(tx, id, seriesId))) throw new HttpError(404, 'notFound', 'Series not found');
        const removed = await deleteOpenFutureSeriesSlots(tx, id, seriesId, now);
        return { removed: removed.length };
      });
    },

    async remove(userId: number, slotId: number): Promise<void> {
      const { id } = await teacher(userId);
      await ownSlot(id, slotId);
      if (await slotHasReservations(db, slotId)) {
        // Reservation history points at the slot: keep the row, but it can no longer be booked.
        throw new HttpError(409, 'slotNotEditable', 'A slot with reservations cannot be deleted');
      }
      if (!(await deleteOpenTeacherSlot(db, id, slotId)))
        throw new HttpError(409, 'slotNotEditable', 'A held or booked slot cannot be deleted');
    },
  };
}

export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
