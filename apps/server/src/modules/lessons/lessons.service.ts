import { access } from './lesson-access.ts';
import { openLink, setMeetingLink } from './lesson-meeting-link.ts';
import { room } from './lesson-room.ts';
import { connected, join, leave } from './lesson-stays.ts';
import type { LessonsContext } from './lessons-context.ts';

export type { LessonAccess } from './lesson-access.ts';
export { fixLessonLinksBeforeProfileChange } from './lesson-meeting-link.ts';
export type { LessonJoinRefusal } from './lesson-stays.ts';

/**
 * The lesson room (issue 16): only the reservation's student and teacher see it (anyone else,
 * admins too, gets 404); a confirmed lesson's room, and after it the completed lesson's or the
 * teacher no-show's (so the page can say how it ended). They may enter a confirmed lesson's room
 * from 10 minutes before the start to 15 minutes after the end by the server's clock. Joins and
 * leaves are recorded per stay.
 */
export function createLessonsService({ db, clock, iceServers, linkKey }: LessonsContext) {
  const ctx: LessonsContext = { db, clock, iceServers, linkKey };
  return {
    room: (userId: number, reservationId: number) => room(ctx, userId, reservationId),
    join: (userId: number, reservationId: number) => join(ctx, userId, reservationId),
    leave: (userId: number, reservationId: number) => leave(ctx, userId, reservationId),
    access: (userId: number, reservationId: number) => access(ctx, userId, reservationId),
    setMeetingLink: (userId: number, reservationId: number, url: string | null) =>
      setMeetingLink(ctx, userId, reservationId, url),
    openLink: (reservationId: number, ticket: string) => openLink(ctx, reservationId, ticket),
    connected: (userId: number, reservationId: number) => connected(ctx, userId, reservationId),
  };
}

export type LessonsService = ReturnType<typeof createLessonsService>;
