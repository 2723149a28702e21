import { randomUUID } from 'node:crypto';
import {
  BOOKING,
  defaultSlotPriceFils,
  kwdToFils,
  minSlotPriceFils,
  RECURRING_SLOTS,
  type RecurringSlotsBody,
  type RecurringSlotsResponse,
  type SeriesRemovedResponse,
} from '@ustaz/contract';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import { deleteOpenFutureSeriesSlots, teacherHasSeries } from './availability.repo.ts';
import { DAY_MS, MAX_AHEAD_DAYS, teacher } from './availability-checks.ts';
import type { AvailabilityContext } from './availability-context.ts';
import { insertSlots } from './time-slots.repo.ts';
import { dayInZone, daysBetween, minuteOfDay, shiftDay, weekdayOfDay, zonedInstant } from './zoned-clock.ts';

/**
 * A weekly series: slots of `lessonMinutes` back to back from `startTime` until `endTime` on each
 * chosen weekday from `fromDate` to `toDate`, read in the teacher's zone day by day (so a lesson
 * at 18:00 stays at 18:00 across a daylight-saving change). Slots overlapping one of the teacher's
 * (whatever its status) or already started are skipped; all are inserted in one transaction.
 */
export async function createRecurring(
  ctx: AvailabilityContext,
  userId: number,
  body: RecurringSlotsBody,
  now: Date,
): Promise<RecurringSlotsResponse> {
  const { id, hourlyRateFils, timeZone } = await teacher(ctx, userId);
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
  const created = await ctx.db.transaction((tx) => insertSlots(tx, values, { skipOverlaps: true }));
  return { created: created.length, skipped: past + values.length - created.length, seriesId };
}

/** Removes a series' open future slots that were never reserved; held and booked ones stay. 404 for a series not the teacher's. */
export async function removeSeries(
  ctx: AvailabilityContext,
  userId: number,
  seriesId: string,
  now: Date,
): Promise<SeriesRemovedResponse> {
  const { id } = await teacher(ctx, userId);
  return ctx.db.transaction(async (tx) => {
    if (!(await teacherHasSeries(tx, id, seriesId))) throw new HttpError(404, 'notFound', 'Series not found');
    const removed = await deleteOpenFutureSeriesSlots(tx, id, seriesId, now);
    return { removed: removed.length };
  });
}
