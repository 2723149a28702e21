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

/**
 * Attendance (issue 29, RELIABILITY I12): what makes a party present. A stay in the room counts from
 * `countsFromBeforeStartMs` before the start until the end; a party is present after `minimumStayMs`
 * in the room in all, or once both were in the room together with the video call connected. A lesson
 * on an external meeting link is attended by opening it through the lesson page (`joinUrl`) while the
 * room is open, the teacher by `NO_SHOW_AFTER_START_MS` after the start.
 */
export const ATTENDANCE_RULE = {
  countsFromBeforeStartMs: 2 * 60_000,
  minimumStayMs: 5 * 60_000,
} as const;

/** The teacher is a no-show when not in the room (or through the link) this long after the start. */
export const NO_SHOW_AFTER_START_MS = 15 * 60_000;

/** How a party attended: a stay in the room, or the external meeting link opened through the app. */
export const ATTENDANCE_VIAS = ['room', 'link'] as const;
export type AttendanceVia = (typeof ATTENDANCE_VIAS)[number];

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

/**
 * One party's attendance: the first join (or opening of the link), the last leave, and whether they
 * count as present so far by `ATTENDANCE_RULE` (a one-second visit does not).
 */
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
  /**
   * With an external link: the app's address that records this party's attendance and redirects to the
   * meeting (valid while the room is open); null without a link. Opening the link directly is not attendance.
   */
  joinUrl: z.string().nullable(),
  /** Whether the lesson's link is fixed (from when the room opens, issue 29): changes no longer apply to it. */
  linkFixed: z.boolean(),
  attendance: z.object({ student: lessonPartyAttendanceSchema, teacher: lessonPartyAttendanceSchema }),
});
export type LessonRoom = z.infer<typeof lessonRoomSchema>;

/** GET /api/v1/lessons/{reservationId}/join-link: the signed ticket of the room's `joinUrl`. */
export const lessonJoinLinkQuerySchema = z.object({ ticket: z.string().min(1).max(200) });

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
  // client -> server { reservationId }: this party's video call reached the other party (ICE connected)
  connected: 'lesson:connected',
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
