import { filsToKwd, type Reservation, type StandingBooking, type StandingPreviewResponse } from '@ustaz/contract';
import type { StandingBookingRow } from '../../db/schema.ts';
import type { SeriesPlan } from './standing-plan.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A series as its student or teacher sees it, its lessons by start. Stored 'active' with no live
 * lesson ahead (every one past, skipped or released) it reads 'ended'.
 */
export function toStandingBooking(row: StandingBookingRow, lessons: Reservation[], now: Date): StandingBooking {
  const first = lessons[0];
  const ahead = lessons.some(
    (lesson) => (lesson.status === 'pending' || lesson.status === 'confirmed') && new Date(lesson.endTime) > now,
  );
  return {
    id: row.id,
    status: row.status === 'active' && !ahead ? 'ended' : row.status,
    weeks: row.weeks,
    weekday: row.weekday,
    time: `${pad(Math.floor(row.startMinute / 60))}:${pad(row.startMinute % 60)}`,
    timeZone: row.timeZone,
    teacher: {
      id: first?.teacher.id ?? 0,
      teacherProfileId: first?.teacher.teacherProfileId ?? row.teacherId,
      firstName: first?.teacher.firstName ?? '',
      lastName: first?.teacher.lastName ?? '',
      photoUrl: first?.teacher.photoUrl ?? null,
    },
    student: {
      id: first?.student.id ?? row.studentId,
      firstName: first?.student.firstName ?? '',
      lastName: first?.student.lastName ?? '',
      photoUrl: first?.student.photoUrl ?? null,
    },
    lessons,
    missingWeeks: row.missingWeeks,
    createdAt: row.createdAt.toISOString(),
    stoppedAt: row.stoppedAt?.toISOString() ?? null,
  };
}

/** The preview's answer: what the series would book. */
export const toStandingPreview = (plan: SeriesPlan): StandingPreviewResponse => ({
  lessons: plan.slots.map((slot) => ({
    timeSlotId: slot.id,
    startTime: slot.startTime.toISOString(),
    endTime: slot.endTime.toISOString(),
    price: filsToKwd(slot.priceFils),
  })),
  missingWeeks: plan.missingWeeks,
});
