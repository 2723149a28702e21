import { eq, sql } from 'drizzle-orm';
import { type Db, type Executor, rawQueryOf } from '../../db/client.ts';
import { teacherProfiles, users } from '../../db/schema.ts';

/** What the completeness meter counts of a profile: the owner's photo, subjects and open slots in [from, to). */
export async function completenessFacts(db: Executor, teacherId: number, from: Date, to: Date) {
  const [row] = await db
    .select({
      photoFileId: users.photoFileId,
      subjects: sql<number>`(select count(*) from teacher_subjects ts where ts.teacher_id = ${teacherProfiles.id})::int`,
      openSlots: sql<number>`(select count(*) from time_slots s where s.teacher_id = ${teacherProfiles.id}
        and s.status = 'open' and s.start_time >= ${from.toISOString()}::timestamptz
        and s.start_time < ${to.toISOString()}::timestamptz)::int`,
    })
    .from(teacherProfiles)
    .innerJoin(users, eq(users.id, teacherProfiles.userId))
    .where(eq(teacherProfiles.id, teacherId));
  return { hasPhoto: Boolean(row?.photoFileId), subjects: row?.subjects ?? 0, openSlots: row?.openSlots ?? 0 };
}

/** The counts behind a teacher's reliability figures (issue 16), see {@link reliabilityFacts}. */
export type ReliabilityFacts = {
  lessonsTaught: number;
  lessonsDue: number;
  students: number;
  repeatStudents: number;
  medianReplyMinutes: number | null;
};

/**
 * One query: the teacher's completed lessons, the lessons due (completed, or cancelled because the
 * teacher did not come: `cancel_reason` = `noShowReason`), the students with a completed lesson and
 * those with two or more, and the median minutes from a student's first message to the teacher's
 * first message after it, over conversations the student opened (wrote the first message) since
 * `since`; conversations the teacher has not answered do not count.
 */
export async function reliabilityFacts(
  db: Db,
  teacher: { profileId: number; userId: number },
  since: Date,
  noShowReason: string,
): Promise<ReliabilityFacts> {
  const text = `with due as (
      select student_id, status from reservations
      where teacher_id = $1 and (status = 'completed' or (status = 'cancelled' and cancel_reason = $3))
    ),
    taught as (select student_id, count(*)::int as lessons from due where status = 'completed' group by student_id),
    opened as (
      select distinct on (m.conversation_id) m.conversation_id, m.seq, m.sender_id, m.created_at, c.student_id
      from conversations c join messages m on m.conversation_id = c.id
      where c.teacher_id = $2
      order by m.conversation_id, m.seq
    ),
    replies as (
      select extract(epoch from (
          select min(r.created_at) from messages r
          where r.conversation_id = o.conversation_id and r.sender_id = $2 and r.seq > o.seq
        ) - o.created_at)::float8 / 60 as minutes
      from opened o
      where o.sender_id = o.student_id and o.created_at >= $4
    )
    select
      (select count(*)::int from due where status = 'completed') as "lessonsTaught",
      (select count(*)::int from due) as "lessonsDue",
      (select count(*)::int from taught) as "students",
      (select count(*)::int from taught where lessons >= 2) as "repeatStudents",
      (select percentile_cont(0.5) within group (order by minutes) from replies where minutes is not null)::float8
        as "medianReplyMinutes"`;
  const { rows } = await rawQueryOf(db)<ReliabilityFacts>(text, [
    teacher.profileId,
    teacher.userId,
    noShowReason,
    since.toISOString(),
  ]);
  const row = rows[0];
  return {
    lessonsTaught: row?.lessonsTaught ?? 0,
    lessonsDue: row?.lessonsDue ?? 0,
    students: row?.students ?? 0,
    repeatStudents: row?.repeatStudents ?? 0,
    medianReplyMinutes: row?.medianReplyMinutes == null ? null : Number(row.medianReplyMinutes),
  };
}
