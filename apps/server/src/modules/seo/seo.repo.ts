import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { subjects, teacherProfiles, teacherSubjects, users } from '../../db/schema.ts';
import { listedTeacher } from '../../db/teacher-columns.ts';

/** Every listed teacher's profile id and when the profile or its user last changed, by id. */
export async function listedTeacherDates(db: Executor): Promise<{ id: number; lastmod: Date }[]> {
  return db
    .select({
      id: teacherProfiles.id,
      lastmod: sql<Date>`greatest(${teacherProfiles.updatedAt}, ${users.updatedAt})`.mapWith(
        (value: string | Date) => new Date(value),
      ),
    })
    .from(teacherProfiles)
    .innerJoin(users, eq(users.id, teacherProfiles.userId))
    .where(listedTeacher)
    .orderBy(teacherProfiles.id);
}

/**
 * Every active subject that a listed teacher teaches, with the latest change among those
 * teachers (a subject's search page shows them), by id.
 */
export async function taughtSubjectDates(db: Executor): Promise<{ id: number; lastmod: Date }[]> {
  return db
    .select({
      id: subjects.id,
      lastmod:
        sql<Date>`max(greatest(${teacherProfiles.updatedAt}, ${users.updatedAt}, ${subjects.createdAt}))`.mapWith(
          (value: string | Date) => new Date(value),
        ),
    })
    .from(subjects)
    .innerJoin(teacherSubjects, eq(teacherSubjects.subjectId, subjects.id))
    .innerJoin(teacherProfiles, eq(teacherProfiles.id, teacherSubjects.teacherId))
    .innerJoin(users, eq(users.id, teacherProfiles.userId))
    .where(and(eq(subjects.isActive, true), listedTeacher))
    .groupBy(subjects.id)
    .orderBy(subjects.id);
}

/** An active subject's names, or undefined. */
export async function findActiveSubjectNames(
  db: Executor,
  id: number,
): Promise<{ nameAr: string; nameEn: string } | undefined> {
  const [row] = await db
    .select({ nameAr: subjects.nameAr, nameEn: subjects.nameEn })
    .from(subjects)
    .where(and(eq(subjects.id, id), eq(subjects.isActive, true)))
    .limit(1);
  return row;
}
