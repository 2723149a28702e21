import { externalLinkOf, LESSON_WINDOW, type LessonMeetingLinkResponse } from '@ustaz/contract';
import type { Executor } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { access } from './lesson-access.ts';
import { ticketUser } from './lesson-tickets.ts';
import { fixOpenedLessonLinks, insertJoin, lessonParties, setLessonMeetingLink } from './lessons.repo.ts';
import type { LessonsContext } from './lessons-context.ts';

/**
 * Before a teacher's profile meeting link changes, the lessons whose room has opened keep theirs
 * (issue 29): the teachers module calls it in the transaction that changes the profile.
 */
export function fixLessonLinksBeforeProfileChange(
  tx: Executor,
  teacherProfileId: number,
  profileLink: string | null,
  now: Date,
): Promise<number> {
  return fixOpenedLessonLinks(
    tx,
    teacherProfileId,
    profileLink,
    new Date(now.getTime() + LESSON_WINDOW.opensBeforeStartMs),
    now,
  );
}

/**
 * A party opens the lesson's external meeting through the app (issue 29): with a genuine ticket and
 * while the room is open, the opening is recorded as attendance (`via: 'link'`) and the answer is
 * the meeting's address; outside the window (or without a link) the lesson page's path instead, so
 * the browser lands where it can see why. Null: not this lesson's party (or a bad ticket).
 */
export async function openLink(
  ctx: LessonsContext,
  reservationId: number,
  ticket: string,
): Promise<{ location: string } | null> {
  const now = ctx.clock();
  const userId = ticketUser(ctx.linkKey, reservationId, ticket, now);
  if (userId === null) return null;
  const side = await access(ctx, userId, reservationId);
  if (!side) return null;
  if (!side.externalLink || side.status !== 'confirmed' || now < side.opensAt || now > side.closesAt)
    return { location: `/lessons/${reservationId}` };
  await insertJoin(ctx.db, { reservationId, userId, role: side.role, joinedAt: now, via: 'link' });
  return { location: side.externalLink.url };
}

/**
 * The lesson's teacher sets (or with null removes) the lesson's own meeting link while the lesson is
 * confirmed and its room has not opened: 404 for strangers, 403 for the student, 409
 * `lessonNotEditable` when it is not confirmed or has ended, 409 `meetingLinkFixed` from 10 minutes
 * before the start (issue 29: a link set once the lesson is under way never decides attendance).
 */
export async function setMeetingLink(
  { db, clock }: LessonsContext,
  userId: number,
  reservationId: number,
  url: string | null,
): Promise<LessonMeetingLinkResponse> {
  const lesson = await lessonParties(db, reservationId);
  if (!lesson || (lesson.studentId !== userId && lesson.teacherUserId !== userId)) {
    throw new HttpError(404, 'notFound', 'Lesson not found');
  }
  if (lesson.teacherUserId !== userId)
    throw new HttpError(403, 'forbidden', "Only the lesson's teacher may set its link");
  const now = clock();
  const open = lesson.status === 'confirmed' && lesson.endTime !== null && lesson.endTime > now;
  if (!open) throw new HttpError(409, 'lessonNotEditable', 'The lesson is not confirmed or has ended');
  const opensBy = new Date(now.getTime() + LESSON_WINDOW.opensBeforeStartMs);
  if (!(await setLessonMeetingLink(db, reservationId, url, opensBy))) {
    throw new HttpError(409, 'meetingLinkFixed', "The lesson's room has opened: its meeting link can no longer change");
  }
  return { reservationId, url, externalLink: externalLinkOf(url, lesson.profileMeetingLink) };
}
