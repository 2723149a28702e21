import type { Reservation } from '@ustaz/contract';
import { LessonProblemLine } from './lesson-problem-line.tsx';
import { ProposeNewTime } from './propose-new-time.tsx';

/**
 * What the schedule shows under each lesson from this feature (app/ hands it in): the problem line
 * (issue 16) and, to the teacher, the lesson's new time proposed or to propose (issue 32).
 */
export function ScheduleLessonExtra({
  reservation,
  viewer,
  timeZone,
}: {
  reservation: Reservation;
  viewer: 'student' | 'teacher';
  timeZone: string;
}) {
  return (
    <>
      <LessonProblemLine reservation={reservation} viewer={viewer} timeZone={timeZone} />
      <ProposeNewTime reservation={reservation} viewer={viewer} timeZone={timeZone} />
    </>
  );
}
