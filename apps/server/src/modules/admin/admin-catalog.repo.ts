import { ROLE } from '@ustaz/contract';
import { and, asc, count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type PageRequest, pageWithTotal } from '../../db/paging.ts';
import { type SubjectRow, subjects, teacherProfiles, teacherSubjects, users } from '../../db/schema.ts';
import { type TeacherProfileFields, teacherProfileColumns } from '../../db/teacher-columns.ts';
import { containsAllWords } from '../../db/text-search.ts';
import { nameOrEmailMatches } from './admin-users.repo.ts';

// Teachers ---------------------------------------------------------------------------------------

export type AdminTeacherSubject = { id: number; nameAr: string; nameEn: string };

const adminTeacherColumns = {
  id: teacherProfiles.id,
  userId: teacherProfiles.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  status: users.status,
  approvedAt: teacherProfiles.approvedAt,
  ...teacherProfileColumns,
  createdAt: teacherProfiles.createdAt,
  subjects: sql<AdminTeacherSubject[]>`coalesce((
    select json_agg(json_build_object('id', s.id, 'nameAr', s.name_ar, 'nameEn', s.name_en) order by s.sort_order, s.id)
    from ${teacherSubjects} ts join ${subjects} s on s.id = ts.subject_id
    where ts.teacher_id = ${teacherProfiles.id}), '[]'::json)`,
};

export type AdminTeacherRow = TeacherProfileFields & {
  id: number;
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  status: 'active' | 'suspended';
  approvedAt: Date | null;
  createdAt: Date;
  subjects: AdminTeacherSubject[];
};

/** A teacher profile counts in the admin's list while its user has the teacher role. */
const ofTeacher = eq(users.roleId, ROLE.teacher);

export type AdminTeacherFilter = { search?: string; approval: 'pending' | 'approved' | 'all' };

/** One page of teacher profiles: those waiting for approval first, then the newest. */
export async function listAdminTeachers(
  db: Executor,
  filter: AdminTeacherFilter,
  page: PageRequest,
): Promise<{ rows: AdminTeacherRow[]; total: number }> {
  const where = and(
    ofTeacher,
    nameOrEmailMatches(filter.search),
    filter.approval === 'pending'
      ? isNull(teacherProfiles.approvedAt)
      : filter.approval === 'approved'
        ? isNotNull(teacherProfiles.approvedAt)
        : undefined,
  );
  const { rows, total } = await pageWithTotal(
    db
      .select(adminTeacherColumns)
      .from(teacherProfiles)
      .innerJoin(users, eq(users.id, teacherProfiles.userId))
      .where(where)
      .orderBy(
        desc(sql`${teacherProfiles.approvedAt} is null`),
        desc(teacherProfiles.createdAt),
        desc(teacherProfiles.id),
      )
      .$dynamic(),
    db.select({ n: count() }).from(teacherProfiles).innerJoin(users, eq(users.id, teacherProfiles.userId)).where(where),
    page,
  );
  return { rows: rows.map(withNumbers), total };
}

/** One teacher profile of a user with the teacher role. */
export async function findAdminTeacher(db: Executor, id: number): Promise<AdminTeacherRow | undefined> {
  const [row] = await db
    .select(adminTeacherColumns)
    .from(teacherProfiles)
    .innerJoin(users, eq(users.id, teacherProfiles.userId))
    .where(and(eq(teacherProfiles.id, id), ofTeacher))
    .limit(1);
  return row ? withNumbers(row) : undefined;
}

function withNumbers(row: AdminTeacherRow): AdminTeacherRow {
  return { ...row, averageRating: Number(row.averageRating), subjects: row.subjects ?? [] };
}

// Subjects ---------------------------------------------------------------------------------------

export type AdminSubjectRow = SubjectRow & { teachersCount: number };

const teachersCount = sql<number>`(select count(*) from ${teacherSubjects} ts where ts.subject_id = ${subjects.id})::int`;

export type AdminSubjectFilter = { words: string[]; isActive?: boolean };

/** Every subject (inactive too), in display order, with how many teachers teach it. */
export async function listAdminSubjects(
  db: Executor,
  filter: AdminSubjectFilter,
  page: PageRequest,
): Promise<{ rows: AdminSubjectRow[]; total: number }> {
  const where: SQL | undefined = and(
    containsAllWords(subjects.searchText, filter.words),
    filter.isActive === undefined ? undefined : eq(subjects.isActive, filter.isActive),
  );
  const { rows, total } = await pageWithTotal(
    db
      .select({ subject: subjects, teachersCount })
      .from(subjects)
      .where(where)
      .orderBy(asc(subjects.sortOrder), asc(subjects.id))
      .$dynamic(),
    db.select({ n: count() }).from(subjects).where(where),
    page,
  );
  return { rows: rows.map((row) => ({ ...row.subject, teachersCount: Number(row.teachersCount) })), total };
}

export async function findAdminSubject(db: Executor, id: number): Promise<AdminSubjectRow | undefined> {
  const [row] = await db.select({ subject: subjects, teachersCount }).from(subjects).where(eq(subjects.id, id));
  return row ? { ...row.subject, teachersCount: Number(row.teachersCount) } : undefined;
}
