import { teacherDetailSchema } from '@ustaz/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations, messages, reservations } from '../../db/schema.ts';
import type { TestTeacher, TestUser } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * Reliability figures on the teacher page (issue 16), from seeded reservations and messages:
 * lessons taught, attendance rate, median first reply in chat (last 90 days), repeat students.
 */
const { t, f } = useTestApp({ rateLimitMax: 1_000_000 });

const detail = async (teacher: TestTeacher) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/teachers/profiles/${teacher.profile.id}` });
  expect(response.statusCode).toBe(200);
  return teacherDetailSchema.parse(response.json());
};

let hour = 0;
/** A lesson of the teacher's with the student, each at its own past hour (slots never overlap). */
async function lesson(teacher: TestTeacher, student: TestUser, status: 'completed' | 'cancelled' | 'confirmed') {
  hour += 2;
  return f.reservation({
    studentId: student.user.id,
    teacherId: teacher.profile.id,
    status,
    start: new Date(Date.now() - (10 + hour) * 60 * MINUTE),
  });
}

/** A conversation whose messages are sent by `from` ('s' student, 't' teacher) at `minutesAgo`. */
async function chat(teacher: TestTeacher, student: TestUser, sent: [from: 's' | 't', minutesAgo: number][]) {
  const [conversation] = await t.database.db
    .insert(conversations)
    .values({ studentId: student.user.id, teacherId: teacher.user.id, lastSeq: sent.length })
    .returning({ id: conversations.id });
  if (!conversation) throw new Error('no conversation');
  await t.database.db.insert(messages).values(
    sent.map(([from, minutesAgo], index) => ({
      conversationId: conversation.id,
      seq: index + 1,
      senderId: from === 's' ? student.user.id : teacher.user.id,
      recipientId: from === 's' ? teacher.user.id : student.user.id,
      content: 'hello',
      clientMessageId: `m-${conversation.id}-${index}`,
      createdAt: new Date(Date.now() - minutesAgo * MINUTE),
    })),
  );
}

describe('GET /api/teachers/profiles/:id reliability', () => {
  it('computes the four figures from lessons and messages', async () => {
    const teacher = await f.teacher();
    const [a, b, c, d, e, g] = await Promise.all(Array.from({ length: 6 }, () => f.student()));
    if (!a || !b || !c || !d || !e || !g) throw new Error('students');
    // 5 completed (a: 3, b: 1, c: 1), a teacher no-show (b), and lessons that are not due.
    for (const student of [a, a, a, b, c]) await lesson(teacher, student, 'completed');
    const noShow = await lesson(teacher, b, 'cancelled');
    const cancelledByStudent = await lesson(teacher, c, 'cancelled');
    await t.database.db
      .update(reservations)
      .set({ cancelReason: 'teacherNoShow' })
      .where(eq(reservations.id, noShow.id));
    await t.database.db
      .update(reservations)
      .set({ cancelReason: 'changed my plans' })
      .where(eq(reservations.id, cancelledByStudent.id));
    await lesson(teacher, d, 'confirmed');

    // First replies: 10 min (a, later messages ignored), 30 min (b wrote twice first), 50 min (c).
    await chat(teacher, a, [
      ['s', 1000],
      ['t', 990],
      ['s', 900],
      ['t', 100],
    ]);
    await chat(teacher, b, [
      ['s', 500],
      ['s', 495],
      ['t', 470],
    ]);
    await chat(teacher, c, [
      ['s', 300],
      ['t', 250],
    ]);
    // Not counted: the teacher wrote first (d), never answered (e), older than 90 days (g).
    await chat(teacher, d, [
      ['t', 400],
      ['s', 399],
      ['t', 1],
    ]);
    await chat(teacher, e, [['s', 60]]);
    await chat(teacher, g, [
      ['s', 91 * 24 * 60],
      ['t', 91 * 24 * 60 - 1],
    ]);

    const { reliability } = await detail(teacher);
    expect(reliability).toEqual({
      lessonsTaught: 5,
      attendanceRate: 5 / 6,
      medianFirstReplyMinutes: 30,
      repeatStudentShare: 1 / 3,
    });
  });

  it('takes the middle of an even count and is null without answered conversations', async () => {
    const teacher = await f.teacher();
    const students = await Promise.all(Array.from({ length: 5 }, () => f.student()));
    for (const student of students) await lesson(teacher, student, 'completed');
    expect((await detail(teacher)).reliability).toEqual({
      lessonsTaught: 5,
      attendanceRate: 1,
      medianFirstReplyMinutes: null,
      repeatStudentShare: 0,
    });
    const [first, second] = students;
    if (!first || !second) throw new Error('students');
    await chat(teacher, first, [
      ['s', 100],
      ['t', 90],
    ]);
    await chat(teacher, second, [
      ['s', (3 * DAY) / MINUTE],
      ['t', (3 * DAY) / MINUTE - 25],
    ]);
    expect((await detail(teacher)).reliability?.medianFirstReplyMinutes).toBe(18);
  });

  it('is null below 5 lessons taught, however many are booked or missed', async () => {
    const teacher = await f.teacher();
    const student = await f.student();
    for (let index = 0; index < 4; index += 1) await lesson(teacher, student, 'completed');
    await lesson(teacher, student, 'confirmed');
    const noShow = await lesson(teacher, student, 'cancelled');
    await t.database.db
      .update(reservations)
      .set({ cancelReason: 'teacherNoShow' })
      .where(eq(reservations.id, noShow.id));
    expect((await detail(teacher)).reliability).toBeNull();
  });
});
