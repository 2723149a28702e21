import { z } from 'zod';
import { externalLinkSchema } from './meeting-links.ts';

/**
 * The lesson room (issue 16): who may enter, when, and how the two parties reach each other.
 * `GET /api/v1/lessons/{reservationId}` answers `LessonRoom` to the reservation's student and
 * teacher (404 to anyone else and for a reservation that is not confirmed).
 */

/** The room opens this long before the start and closes this long after the end. */
export const LESSON_WINDOW = {
  opensBeforeStartMs: 10 * 60_000,
  closesAfterEndMs: 15 * 60_000,
} as const;

/** The two parties of a lesson, as the attendance rows name them. */
export const LESSON_ROLES = ['student', 'teacher'] as const;
export type LessonRole = (typeof LESSON_ROLES)[number];

/** An RTCIceServer (STUN/TURN), as ICE_SERVERS lists them. */
export const iceServerSchema = z.object({
  urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

/** One party's attendance: the first join, the last leave, and whether they joined at all. */
export const lessonPartyAttendanceSchema = z.object({
  joinedAt: z.string().nullable(),
  leftAt: z.string().nullable(),
  present: z.boolean(),
});
export type LessonPartyAttendance = z.infer<typeof lessonPartyAttendanceSchema>;

/**
 * The room's lesson: `confirmed` (upcoming or running), `completed` (it has ended), or `cancelled`
 * as a teacher no-show (refunded). Other cancelled or pending reservations have no room (404).
 */
export const LESSON_ROOM_STATUSES = ['confirmed', 'completed', 'cancelled'] as const;
export type LessonRoomStatus = (typeof LESSON_ROOM_STATUSES)[number];

/** A reservation's cancel_reason when the teacher did not come (the room still answers for it). */
export const TEACHER_NO_SHOW_REASON = 'teacherNoShow';

/**
 * The cancel_reason values the server writes itself (an expired hold, a failed payment, the
 * teacher's no-show, a refund that settled a dispute): screens show them translated, any other
 * reason is a person's own words and is shown as written.
 */
export const SYSTEM_CANCEL_REASONS = ['holdExpired', 'paymentFailed', TEACHER_NO_SHOW_REASON, 'disputeRefund'] as const;
export type SystemCancelReason = (typeof SYSTEM_CANCEL_REASONS)[number];

export function isSystemCancelReason(reason: string | null | undefined): reason is SystemCancelReason {
  return (SYSTEM_CANCEL_REASONS as readonly (string | null | undefined)[]).includes(reason);
}

export const lessonRoomSchema = z.object({
  reservationId: z.number().int(),
  status: z.enum(LESSON_ROOM_STATUSES),
  /** The viewer's side: the student is the polite peer of the WebRTC negotiation, the teacher the impolite one. */
  role: z.enum(LESSON_ROLES),
  /** The other party's user id (their conversation sits beside the video). */
  otherUserId: z.number().int(),
  /** The server's clock when it answered (TEST_CLOCK_OFFSET_SECONDS included): the page counts down by it. */
  now: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
  iceServers: z.array(iceServerSchema),
  /** The teacher's Zoom/Meet/Teams link instead of the room: the lesson's own, else the profile's; null: the room. */
  externalLink: externalLinkSchema.nullable(),
  attendance: z.object({ student: lessonPartyAttendanceSchema, teacher: lessonPartyAttendanceSchema }),
});
export type LessonRoom = z.infer<typeof lessonRoomSchema>;

/** When the room of a lesson from `start` to `end` is open. */
export function lessonWindow(start: Date, end: Date): { opensAt: Date; closesAt: Date } {
  return {
    opensAt: new Date(start.getTime() - LESSON_WINDOW.opensBeforeStartMs),
    closesAt: new Date(end.getTime() + LESSON_WINDOW.closesAfterEndMs),
  };
}

/** The room's socket events (issue 16): both parties signal WebRTC through the server. */
export const LESSON_EVENTS = {
  // client -> server
  join: 'lesson:join',
  leave: 'lesson:leave',
  // both ways: client -> server { reservationId, data }, server -> the other party { from, data }
  signal: 'lesson:signal',
} as const;

/** Why `lesson:join` or `lesson:signal` is refused: a closed set the room translates. */
export const LESSON_REFUSALS = ['notFound', 'lessonNotOpen', 'badRequest', 'notJoined'] as const;
export type LessonRefusal = (typeof LESSON_REFUSALS)[number];

export const lessonJoinSchema = z.object({ reservationId: z.number().int().positive().max(2_147_483_647) });
export type LessonJoin = z.infer<typeof lessonJoinSchema>;

/** An offer, an answer or an ICE candidate, passed on as it is (at most 64 KiB per socket message). */
export const lessonSignalSchema = lessonJoinSchema.extend({ data: z.unknown() });
export type LessonSignal = { reservationId: number; data: unknown };
/** What the other party receives: who sent it (a user id) and the data. */
export type LessonSignalEvent = { from: number; data: unknown };
export type LessonAck = { ok: true } | { ok: false; code: LessonRefusal };
