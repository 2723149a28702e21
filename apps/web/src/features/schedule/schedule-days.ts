import type { Reservation } from '@ustaz/contract';
import { addDays, type DayKey, dayKeyInZone } from '../../shared/lib/dates/calendar.ts';

/** One day of the schedule and its lessons, in start order. */
export type LessonDay = { day: DayKey; lessons: Reservation[] };

/** Lessons grouped by the day they start on in `timeZone` (the API lists them soonest first). */
export function lessonsByDay(lessons: Reservation[], timeZone: string): LessonDay[] {
  const days: LessonDay[] = [];
  for (const lesson of lessons) {
    const day = dayKeyInZone(lesson.startTime, timeZone);
    if (!day) continue;
    const last = days.at(-1);
    if (last?.day === day) last.lessons.push(lesson);
    else days.push({ day, lessons: [lesson] });
  }
  return days;
}

/** The seven days of the week that starts on `weekStart`. */
export function weekDays(weekStart: DayKey): DayKey[] {
  return Array.from({ length: 7 }, (_, index) => addDays(weekStart, index));
}

/** Which side of a lesson the viewer is on (a teacher may also have booked lessons as a student). */
export function viewerSide(lesson: Reservation, userId: number | undefined): 'teacher' | 'student' {
  return lesson.teacher.id === userId ? 'teacher' : 'student';
}
