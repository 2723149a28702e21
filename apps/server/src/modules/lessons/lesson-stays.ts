import { access, type LessonAccess } from './lesson-access.ts';
import { closeOpenStays, insertJoin, markMediaConnected } from './lessons.repo.ts';
import type { LessonsContext } from './lessons-context.ts';

/** Why a `lesson:join` is refused: no such lesson for this user, or outside its window. */
export type LessonJoinRefusal = 'notFound' | 'lessonNotOpen';

/** Lets a party into the room inside its window and records the stay; else why not. */
export async function join(
  ctx: LessonsContext,
  userId: number,
  reservationId: number,
): Promise<{ ok: true; access: LessonAccess } | { ok: false; code: LessonJoinRefusal }> {
  const { db, clock } = ctx;
  const side = await access(ctx, userId, reservationId);
  if (!side) return { ok: false, code: 'notFound' };
  const now = clock();
  if (side.status !== 'confirmed' || now < side.opensAt || now > side.closesAt)
    return { ok: false, code: 'lessonNotOpen' };
  await closeOpenStays(db, reservationId, userId, now);
  await insertJoin(db, { reservationId, userId, role: side.role, joinedAt: now });
  return { ok: true, access: side };
}

/** A party leaves the room (or its socket went away): its open stay ends now. */
export async function leave({ db, clock }: LessonsContext, userId: number, reservationId: number): Promise<number> {
  return closeOpenStays(db, reservationId, userId, clock());
}

/** The user's call reached the other party while both were in the room: recorded once per stay. */
export async function connected(
  { db, clock }: LessonsContext,
  userId: number,
  reservationId: number,
): Promise<boolean> {
  return markMediaConnected(db, reservationId, userId, clock());
}
