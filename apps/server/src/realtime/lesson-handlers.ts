import { LESSON_EVENTS, type LessonAck, lessonJoinSchema, lessonSignalSchema } from '@ustaz/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { LessonsService } from '../modules/lessons/lessons.service.ts';
import { type AppServer, type AppSocket, room } from './socket.ts';

export type LessonHandlerDeps = { io: AppServer; lessons: LessonsService; log: FastifyBaseLogger };

/** The ack callback a client may pass, called only when it is one. */
const replier = (ack: unknown) => (answer: LessonAck) => {
  if (typeof ack === 'function') ack(answer);
};

/**
 * The lesson room's events of one socket (issue 16): `lesson:join` (the two parties only, inside
 * the room's window by the server clock) puts the socket in the lesson's room and records the
 * stay; `lesson:signal` from a joined socket goes to the other party's sockets in that room only
 * (through the Redis adapter when several processes run); `lesson:connected` records that this
 * party's call reached the other one (issue 29); `lesson:leave` and the disconnect end the stay. A socket that has not joined a lesson signals nothing into it.
 */
export function handleLessons(socket: AppSocket, { io, lessons, log }: LessonHandlerDeps): void {
  const { userId } = socket.data;
  /** The lessons this socket has joined. */
  const joined = new Set<number>();
  const on = socket.on.bind(socket) as (event: string, listener: (...args: unknown[]) => void) => void;
  const leave = async (reservationId: number) => {
    joined.delete(reservationId);
    await socket.leave(room.lesson(reservationId));
    await lessons.leave(userId, reservationId);
  };

  on(LESSON_EVENTS.join, async (payload: unknown, ack?: unknown) => {
    const reply = replier(ack);
    const parsed = lessonJoinSchema.safeParse(payload);
    if (!parsed.success) return reply({ ok: false, code: 'badRequest' });
    const { reservationId } = parsed.data;
    try {
      const result = await lessons.join(userId, reservationId);
      if (!result.ok) return reply(result);
      joined.add(reservationId);
      await socket.join(room.lesson(reservationId));
      reply({ ok: true });
    } catch (error) {
      log.error({ err: error, reservationId }, 'lesson:join failed');
      reply({ ok: false, code: 'notFound' });
    }
  });

  on(LESSON_EVENTS.leave, async (payload: unknown, ack?: unknown) => {
    const reply = replier(ack);
    const parsed = lessonJoinSchema.safeParse(payload);
    if (!parsed.success) return reply({ ok: false, code: 'badRequest' });
    if (!joined.has(parsed.data.reservationId)) return reply({ ok: false, code: 'notJoined' });
    await leave(parsed.data.reservationId).catch((error: unknown) => log.warn({ err: error }, 'lesson:leave failed'));
    reply({ ok: true });
  });

  on(LESSON_EVENTS.signal, (payload: unknown, ack?: unknown) => {
    const reply = replier(ack);
    const parsed = lessonSignalSchema.safeParse(payload);
    if (!parsed.success) return reply({ ok: false, code: 'badRequest' });
    const { reservationId, data } = parsed.data;
    if (!joined.has(reservationId)) return reply({ ok: false, code: 'notJoined' });
    io.to(room.lesson(reservationId)).except(room.user(userId)).emit(LESSON_EVENTS.signal, { from: userId, data });
    reply({ ok: true });
  });

  // The call reached the other party (issue 29): with both in the room, that makes both present.
  on(LESSON_EVENTS.connected, async (payload: unknown, ack?: unknown) => {
    const reply = replier(ack);
    const parsed = lessonJoinSchema.safeParse(payload);
    if (!parsed.success) return reply({ ok: false, code: 'badRequest' });
    if (!joined.has(parsed.data.reservationId)) return reply({ ok: false, code: 'notJoined' });
    try {
      await lessons.connected(userId, parsed.data.reservationId);
      reply({ ok: true });
    } catch (error) {
      log.warn({ err: error }, 'lesson:connected failed');
      reply({ ok: false, code: 'notFound' });
    }
  });

  socket.on('disconnect', () => {
    for (const reservationId of [...joined]) {
      leave(reservationId).catch((error: unknown) => log.warn({ err: error }, 'lesson leave on disconnect failed'));
    }
  });
}
