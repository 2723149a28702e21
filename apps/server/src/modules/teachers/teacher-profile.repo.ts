import { MIN_PRICE_PER_HOUR_FILS, ROLE } from '@ustaz/contract';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { nameColumns } from '../../db/name-columns.ts';
import {
  reservations,
  subjects,
  type TeacherProfileRow,
  teacherProfiles,
  teacherSubjects,
  timeSlots,
  users,
} from '../../db/schema.ts';
import { type TeacherProfileFields, teacherProfileColumns } from '../../db/teacher-columns.ts';
import type { NameSpellings } from '../../http/language.ts';

/** A teacher as cards and pages show it (without the search text). */
export type TeacherListRow = TeacherProfileFields & {
  id: number;
  userId: number;
  photoFileId: string | null;
} & NameSpellings;

/** A listed teacher: an approved profile whose user is an active teacher (role 2). */
const listed = and(eq(users.roleId, ROLE.teacher), eq(users.status, 'active'), isNotNull(teacherProfiles.approvedAt));

/** The columns a teacher card or page needs (not the search text). */
const teacherColumns = {
  id: teacherProfiles.id,
  userId: teacherProfiles.userId,
  ...teacherProfileColumns,
  ...nameColumns(users),
  photoFileId: users.photoFileId,
};

/** A subject's two names, as cards and the search text read them. */
const subjectNames = { nameAr: subjects.nameAr, nameEn: subjects.nameEn };

export type TeacherSubjectRow = { teacherId: number; id: number; nameAr: string; nameEn: string };

/** Teacher profiles with their users, in the columns of {@link TeacherListRow}: the caller adds the filter. */
function selectTeachers(db: Executor) {
  return db
    .select(teacherColumns)
    .from(teacherProfiles)
    .innerJoin(users, eq(users.id, teacherProfiles.userId))
    .$dynamic();
}

export async function findListedTeacher(db: Executor, id: number): Promise<TeacherListRow | undefined> {
  const [row] = await selectTeachers(db)
    .where(and(eq(teacherProfiles.id, id), listed))
    .limit(1);
  return row;
}

/** The listed ones among several profiles, in no particular order (an unknown or unlisted id is left out). */
export async function findListedTeachers(db: Executor, ids: number[]): Promise<TeacherListRow[]> {
  if (ids.length === 0) return [];
  return selectTeachers(db).where(and(inArray(teacherProfiles.id, ids), listed));
}

/** A user's own teacher profile, listed or not. */
export async function findTeacherOfUser(db: Executor, userId: number): Promise<TeacherListRow | undefined> {
  const [row] = await selectTeachers(db).where(eq(teacherProfiles.userId, userId)).limit(1);
  return row;
}

export async function isListedTeacher(db: Executor, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: teacherProfiles.id })
    .from(teacherProfiles)
    .innerJoin(users, eq(users.id, teacherProfiles.userId))
    .where(and(eq(teacherProfiles.id, id), listed))
    .limit(1);
  return row !== undefined;
}

/** Listed teachers a student has reservations with, the latest reservation first. */
export async function teachersOfStudent(db: Executor, studentId: number, limit: number): Promise<TeacherListRow[]> {
  const latest = db
    .select({ teacherId: reservations.teacherId, lastAt: max(reservations.createdAt).as('last_at') })
    .from(reservations)
    .where(eq(reservations.studentId, studentId))
    .groupBy(reservations.teacherId)
    .as('latest');
  return selectTeachers(db)
    .innerJoin(latest, eq(latest.teacherId, teacherProfiles.id))
    .where(listed)
    .orderBy(desc(latest.lastAt), desc(teacherProfiles.id))
    .limit(limit);
}

/** The subjects of several teachers in one query, in subject order. */
export async function subjectsOfTeachers(db: Executor, teacherIds: number[]): Promise<TeacherSubjectRow[]> {
  if (teacherIds.length === 0) return [];
  return db
    .select({ teacherId: teacherSubjects.teacherId, id: subjects.id, ...subjectNames })
    .from(teacherSubjects)
    .innerJoin(subjects, eq(subjects.id, teacherSubjects.subjectId))
    .where(inArray(teacherSubjects.teacherId, teacherIds))
    .orderBy(asc(subjects.sortOrder), asc(subjects.id));
}

export async function findProfile(db: Executor, id: number): Promise<TeacherProfileRow | undefined> {
  const [row] = await db.select().from(teacherProfiles).where(eq(teacherProfiles.id, id)).limit(1);
  return row;
}

export async function findProfileIdOfUser(db: Executor, userId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: teacherProfiles.id })
    .from(teacherProfiles)
    .where(eq(teacherProfiles.userId, userId))
    .limit(1);
  return row?.id;
}

/** Inserts profiles; a user that has one already is skipped (seeding is idempotent). */
export async function insertProfiles(
  db: Executor,
  values: (typeof teacherProfiles.$inferInsert)[],
): Promise<TeacherProfileRow[]> {
  if (values.length === 0) return [];
  return db.insert(teacherProfiles).values(values).onConflictDoNothing().returning();
}

export async function insertTeacherSubjects(db: Executor, values: { teacherId: number; subjectId: number }[]) {
  if (values.length === 0) return;
  await db.insert(teacherSubjects).values(values).onConflictDoNothing();
}

export async function replaceTeacherSubjects(db: Executor, teacherId: number, subjectIds: number[]) {
  await db.delete(teacherSubjects).where(eq(teacherSubjects.teacherId, teacherId));
  await insertTeacherSubjects(
    db,
    subjectIds.map((subjectId) => ({ teacherId, subjectId })),
  );
}

export async function updateProfile(
  db: Executor,
  id: number,
  values: Partial<
    Pick<
      TeacherProfileRow,
      | 'bioAr'
      | 'bioEn'
      | 'majorAr'
      | 'majorEn'
      | 'experienceYears'
      | 'hourlyRateFils'
      | 'trialPriceFils'
      | 'videoUrl'
      | 'meetingLink'
      | 'timeZone'
      | 'searchText'
    >
  >,
) {
  await db
    .update(teacherProfiles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(teacherProfiles.id, id));
}

/** Sets `approved_at` to now (approve) or null (waiting); a profile already in that state is left alone. */
export async function setApproval(db: Executor, id: number, approved: boolean): Promise<boolean> {
  const rows = await db
    .update(teacherProfiles)
    .set({ approvedAt: approved ? sql`now()` : null, updatedAt: sql`now()` })
    .where(
      and(
        eq(teacherProfiles.id, id),
        approved ? isNull(teacherProfiles.approvedAt) : isNotNull(teacherProfiles.approvedAt),
      ),
    )
    .returning({ id: teacherProfiles.id });
  return rows.length === 1;
}

/** The profiles that teach a subject. */
export async function profileIdsTeaching(db: Executor, subjectId: number): Promise<number[]> {
  const rows = await db
    .select({ id: teacherSubjects.teacherId })
    .from(teacherSubjects)
    .where(eq(teacherSubjects.subjectId, subjectId))
    .orderBy(asc(teacherSubjects.teacherId));
  return rows.map((row) => row.id);
}

/** Everything a profile's search text is made of (its subjects with their synonyms). */
export async function searchSourcesOf(db: Executor, id: number) {
  const { bioAr, bioEn, majorAr, majorEn } = teacherProfileColumns;
  const [row] = await db
    .select({ ...nameColumns(users), bioAr, bioEn, majorAr, majorEn })
    .from(teacherProfiles)
    .innerJoin(users, eq(users.id, teacherProfiles.userId))
    .where(eq(teacherProfiles.id, id))
    .limit(1);
  if (!row) return undefined;
  const subjectRows = await db
    .select({ ...subjectNames, synonymsAr: subjects.synonymsAr, synonymsEn: subjects.synonymsEn })
    .from(teacherSubjects)
    .innerJoin(subjects, eq(subjects.id, teacherSubjects.subjectId))
    .where(eq(teacherSubjects.teacherId, id))
    .orderBy(asc(subjects.sortOrder), asc(subjects.id));
  return { ...row, subjects: subjectRows };
}

/**
 * A new hourly rate for the teacher's open slots that have not started: each costs its length at
 * that rate (as a new slot would). Held and booked slots, and slots already started, keep theirs.
 */
export async function repriceOpenSlots(db: Executor, teacherId: number, hourlyRateFils: number, now: Date) {
  const rows = await db
    .update(timeSlots)
    .set({
      // As defaultSlotPriceFils: the rate times the length, never below the slot minimum for it.
      priceFils: sql`greatest(
        round(${hourlyRateFils}::numeric * extract(epoch from (${timeSlots.endTime} - ${timeSlots.startTime})) / 3600),
        ceil(${MIN_PRICE_PER_HOUR_FILS}::numeric * extract(epoch from (${timeSlots.endTime} - ${timeSlots.startTime})) / 3600)
      )::int`,
    })
    .where(
      and(
        eq(timeSlots.teacherId, teacherId),
        eq(timeSlots.kind, 'lesson'),
        eq(timeSlots.status, 'open'),
        gt(timeSlots.startTime, now),
      ),
    )
    .returning({ id: timeSlots.id });
  return rows.length;
}

/** A new trial price (issue 32) for the teacher's open trial slots that have not started; held and booked keep theirs. */
export async function repriceOpenTrialSlots(db: Executor, teacherId: number, trialPriceFils: number, now: Date) {
  const rows = await db
    .update(timeSlots)
    .set({ priceFils: trialPriceFils })
    .where(
      and(
        eq(timeSlots.teacherId, teacherId),
        eq(timeSlots.kind, 'trial'),
        eq(timeSlots.status, 'open'),
        gt(timeSlots.startTime, now),
      ),
    )
    .returning({ id: timeSlots.id });
  return rows.length;
}
