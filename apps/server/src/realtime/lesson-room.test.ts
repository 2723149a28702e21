import { randomUUID } from 'node:crypto';
import { type LessonAck, type LessonSignalEvent, ROLE } from '@ustaz/contract';
import { and, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { lessonAttendance, reservations, sessions, teacherProfiles } from '../db/schema.ts';
import { sweepMoney } from '../jobs/money-sweeper.ts';
import { attend } from '../test/money.ts';
import { nextEvent, signedInWithSession, testTokens, useSocketClients } from '../test/sockets.ts';
import { useListeningTestApp } from '../test/test-app.ts';

const MINUTE = 60_000;

/**
 * The lesson room over socket.io (issue 16): the app's clock runs 55 minutes ahead, so a lesson
 * starting in an hour is open (from 10 minutes before) and one starting in three hours is not.
 */
const { t: ctx, f } = useListeningTestApp({ rateLimitMax: 1_000_000, clockOffsetSeconds: 55 * 60 });
const connectSocket = useSocketClients();

type Party = Awaited<ReturnType<typeof signedInWithSession>>;
let student: Party;
let teacher: Party;
let stranger: Party;
let adminToken: string;
let open: number;
let later: number;

beforeAll(async () => {
  student = await signedInWithSession(ctx.database, f, 'student');
  teacher = await signedInWithSession(ctx.database, f, 'teacher');
  stranger = await signedInWithSession(ctx.database, f, 'student');
  const [profile] = await ctx.database.db
    .select({ id: teacherProfiles.id })
    .from(teacherProfiles)
    .where(eq(teacherProfiles.userId, teacher.user.id));
  if (!profile) throw new Error('no teacher profile');
  const start = (minutes: number) => new Date(Date.now() + minutes * MINUTE);
  const reservation = (minutes: number) =>
    f.reservation({ studentId: student.user.id, teacherId: profile.id, status: 'confirmed', start: start(minutes) });
  open = (await reservation(60)).id;
  later = (await reservation(180)).id;
  const admin = await f.user({ roleId: ROLE.admin });
  const familyId = randomUUID();
  await ctx.database.db.insert(sessions).values({
    userId: admin.user.id,
    familyId,
    tokenHash: randomUUID(),
    expiresAt: new Date(Date.now() + 3600_000),
  });
  adminToken = (await testTokens.sign({ userId: admin.user.id, roleId: ROLE.admin, sessionFamily: familyId })).token;
});

const client = (token: string) => connectSocket(ctx.url, token);
/** An access token of a live session for an existing user (a teacher made by the factories). */
async function signedInWithSessionFor(userId: number): Promise<string> {
  const familyId = randomUUID();
  await ctx.database.db.insert(sessions).values({
    userId,
    familyId,
    tokenHash: randomUUID(),
    expiresAt: new Date(Date.now() + 3600_000),
  });
  return (await testTokens.sign({ userId, roleId: ROLE.teacher, sessionFamily: familyId })).token;
}
const join = (socket: Socket, reservationId: number): Promise<LessonAck> =>
  socket.timeout(3000).emitWithAck('lesson:join', { reservationId });
const signal = (socket: Socket, reservationId: number, data: unknown): Promise<LessonAck> =>
  socket.timeout(3000).emitWithAck('lesson:signal', { reservationId, data });

/** Every `lesson:signal` a socket receives, to check later that none came. */
function received(socket: Socket): LessonSignalEvent[] {
  const events: LessonSignalEvent[] = [];
  socket.on('lesson:signal', (event: LessonSignalEvent) => events.push(event));
  return events;
}

const stays = (reservationId: number, userId: number) =>
  ctx.database.db
    .select()
    .from(lessonAttendance)
    .where(and(eq(lessonAttendance.reservationId, reservationId), eq(lessonAttendance.userId, userId)));

const waitFor = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 50; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('condition not met');
};

describe('lesson:join', () => {
  it('lets the two parties in inside the window, refuses a stranger, an admin and a closed room', async () => {
    const s = await client(student.token);
    expect(await join(s, later)).toEqual({ ok: false, code: 'lessonNotOpen' });
    expect(await join(await client(stranger.token), open)).toEqual({ ok: false, code: 'notFound' });
    expect(await join(await client(adminToken), open)).toEqual({ ok: false, code: 'notFound' });
    expect(await join(s, 2_000_000_000)).toEqual({ ok: false, code: 'notFound' });
    expect(await s.timeout(3000).emitWithAck('lesson:join', { reservationId: 'x' })).toEqual({
      ok: false,
      code: 'badRequest',
    });
    expect(await join(s, open)).toEqual({ ok: true });
    expect(await join(await client(teacher.token), open)).toEqual({ ok: true });
  });
});

describe('lesson:signal', () => {
  it('goes to the other party only; a third user is refused and nobody receives it', async () => {
    const s = await client(student.token);
    const tch = await client(teacher.token);
    const outsider = await client(stranger.token);
    const toStudent = received(s);
    const toTeacher = received(tch);
    const toOutsider = received(outsider);
    expect(await join(s, open)).toEqual({ ok: true });
    expect(await join(tch, open)).toEqual({ ok: true });

    // The stranger cannot join, so its offer is refused and relayed to no one.
    expect(await join(outsider, open)).toEqual({ ok: false, code: 'notFound' });
    expect(await signal(outsider, open, { type: 'offer', sdp: 'evil' })).toEqual({ ok: false, code: 'notJoined' });

    const offer = nextEvent<LessonSignalEvent>(tch, 'lesson:signal', 3000);
    expect(await signal(s, open, { type: 'offer', sdp: 'v=0' })).toEqual({ ok: true });
    expect(await offer).toEqual({ from: student.user.id, data: { type: 'offer', sdp: 'v=0' } });
    const answer = nextEvent<LessonSignalEvent>(s, 'lesson:signal', 3000);
    expect(await signal(tch, open, { type: 'answer', sdp: 'v=0' })).toEqual({ ok: true });
    expect(await answer).toEqual({ from: teacher.user.id, data: { type: 'answer', sdp: 'v=0' } });

    // A joined party cannot signal into another lesson it has not joined.
    expect(await signal(s, later, { type: 'offer' })).toEqual({ ok: false, code: 'notJoined' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(toOutsider).toEqual([]);
    expect(toStudent).toHaveLength(1);
    expect(toTeacher).toHaveLength(1);
    expect(toStudent.concat(toTeacher).some((event) => JSON.stringify(event).includes('evil'))).toBe(false);
  });
});

describe('attendance', () => {
  it('records a stay per join, closed by lesson:leave and by the disconnect', async () => {
    const before = (await stays(open, teacher.user.id)).length;
    const tch = await client(teacher.token);
    expect(await join(tch, open)).toEqual({ ok: true });
    const rows = await stays(open, teacher.user.id);
    expect(rows).toHaveLength(before + 1);
    expect(rows.filter((row) => row.leftAt === null)).toHaveLength(1);
    expect(rows.at(-1)?.role).toBe('teacher');
    // Joined by the server clock: 55 minutes ahead.
    expect(rows.at(-1)?.joinedAt.getTime()).toBeGreaterThan(Date.now() + 54 * MINUTE);

    expect(await tch.timeout(3000).emitWithAck('lesson:leave', { reservationId: open })).toEqual({ ok: true });
    expect((await stays(open, teacher.user.id)).every((row) => row.leftAt !== null)).toBe(true);

    const s = await client(student.token);
    expect(await join(s, open)).toEqual({ ok: true });
    expect((await stays(open, student.user.id)).some((row) => row.leftAt === null)).toBe(true);
    s.disconnect();
    await waitFor(async () => (await stays(open, student.user.id)).every((row) => row.leftAt !== null));
    expect((await stays(open, student.user.id)).every((row) => row.leftAt !== null)).toBe(true);
  });
});

describe('lesson:connected (issue 29)', () => {
  it("marks a party's stay connected only while the other party is in the room too; unjoined sockets are refused", async () => {
    const other = await f.teacher();
    const lesson = await f.lessonBetween(student, other, 'confirmed', { start: new Date(Date.now() + 60 * MINUTE) });
    const teacherParty = await signedInWithSessionFor(other.user.id);
    const connectedAck = (socket: Socket) =>
      socket.timeout(3000).emitWithAck('lesson:connected', { reservationId: lesson.id });
    const s = await client(student.token);
    expect(await connectedAck(s)).toEqual({ ok: false, code: 'notJoined' });
    expect(await join(s, lesson.id)).toEqual({ ok: true });
    // Alone in the room: nothing to be connected to.
    expect(await connectedAck(s)).toEqual({ ok: true });
    expect((await stays(lesson.id, student.user.id)).map((row) => row.mediaConnectedAt)).toEqual([null]);
    const tch = await client(teacherParty);
    expect(await join(tch, lesson.id)).toEqual({ ok: true });
    expect(await connectedAck(s)).toEqual({ ok: true });
    expect(await connectedAck(tch)).toEqual({ ok: true });
    for (const userId of [student.user.id, other.user.id]) {
      const rows = await stays(lesson.id, userId);
      expect(
        rows.filter((row) => row.mediaConnectedAt !== null),
        `user ${userId}`,
      ).toHaveLength(1);
    }
    // A stranger's socket cannot mark anything.
    expect(await connectedAck(await client(stranger.token))).toEqual({ ok: false, code: 'notJoined' });
  });
});

describe('the money sweeper on the server clock', () => {
  it('completes a lesson that has ended by the shifted clock, not one that has not', async () => {
    const other = await f.teacher();
    const reservation = (minutes: number) =>
      f.lessonBetween(student, other, 'confirmed', { start: new Date(Date.now() + minutes * MINUTE) });
    // Ends in 20 minutes of wall-clock time, 35 minutes ago by the server clock (+55 min).
    const ended = await reservation(-40);
    // Ends in 90 minutes of wall-clock time: 35 minutes from now by the server clock.
    const running = await reservation(30);
    // The teacher was in the room (a lesson without them would be a no-show, ADR 016).
    await attend(ctx.database.db, ended.id, 'teacher');
    await attend(ctx.database.db, running.id, 'teacher');
    await sweepMoney(ctx.app);
    const status = async (id: number) =>
      (
        await ctx.database.db.select({ status: reservations.status }).from(reservations).where(eq(reservations.id, id))
      )[0]?.status;
    expect(await status(ended.id)).toBe('completed');
    expect(await status(running.id)).toBe('confirmed');
    expect(await status(open)).toBe('confirmed');
  });
});
