import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type PageRequest, pageWithTotal } from '../../db/paging.ts';
import { insertedRow } from '../../db/rows.ts';
import {
  files,
  subjects,
  type TeacherApplicationRow,
  teacherApplications,
  type UserRow,
  users,
} from '../../db/schema.ts';

export type NewTeacherApplication = typeof teacherApplications.$inferInsert;
export type SubjectName = { id: number; nameAr: string; nameEn: string };
/** The applicant's users row (the presenter shows only names, e-mail and photo). */
export type Applicant = UserRow;

/** An application with its certificate's type (the list and the single reads share it). */
const applicationColumns = { application: teacherApplications, certificateMimeType: files.mimeType };
export type ApplicationWithFile = { application: TeacherApplicationRow; certificateMimeType: string | null };
export type ApplicationWithApplicant = ApplicationWithFile & { applicant: Applicant };

export async function findApplicant(db: Executor, userId: number, lock = false): Promise<Applicant | undefined> {
  const query = db.select().from(users).where(eq(users.id, userId));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function setApplicantRole(db: Executor, userId: number, roleId: number): Promise<void> {
  await db.update(users).set({ roleId, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

/** The active subjects among `ids`, with their names. */
export async function activeSubjectsAmong(db: Executor, ids: number[]): Promise<SubjectName[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: subjects.id, nameAr: subjects.nameAr, nameEn: subjects.nameEn })
    .from(subjects)
    .where(and(inArray(subjects.id, ids), eq(subjects.isActive, true)));
}

/** The names of every subject among `ids` (inactive ones too: an old application still names them). */
export async function subjectNames(db: Executor, ids: number[]): Promise<SubjectName[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: subjects.id, nameAr: subjects.nameAr, nameEn: subjects.nameEn })
    .from(subjects)
    .where(inArray(subjects.id, ids));
}

export async function insertApplication(db: Executor, values: NewTeacherApplication): Promise<TeacherApplicationRow> {
  return insertedRow(db.insert(teacherApplications).values(values).returning(), 'application not inserted');
}

export async function lockApplication(db: Executor, id: number): Promise<TeacherApplicationRow | undefined> {
  const [row] = await db.select().from(teacherApplications).where(eq(teacherApplications.id, id)).for('update');
  return row;
}

/** Moves a pending application to its decision (compare-and-swap on `pending`); false when it was not pending. */
export async function decideApplication(
  db: Executor,
  id: number,
  decision: { status: 'approved' | 'rejected'; decidedBy: number; rejectionReason?: string },
): Promise<boolean> {
  const rows = await db
    .update(teacherApplications)
    .set({ ...decision, decidedAt: sql`now()` })
    .where(and(eq(teacherApplications.id, id), eq(teacherApplications.status, 'pending')))
    .returning({ id: teacherApplications.id });
  return rows.length === 1;
}

/** Applications with their applicant and their certificate's type: every read starts here. */
function applicationsWithApplicant(db: Executor) {
  return db
    .select({ ...applicationColumns, applicant: users })
    .from(teacherApplications)
    .innerJoin(users, eq(users.id, teacherApplications.userId))
    .leftJoin(files, eq(files.id, teacherApplications.certificateFileId))
    .$dynamic();
}

/** The user's newest application, whatever its status. */
export async function newestApplicationOf(db: Executor, userId: number): Promise<ApplicationWithApplicant | undefined> {
  const [row] = await applicationsWithApplicant(db)
    .where(eq(teacherApplications.userId, userId))
    .orderBy(desc(teacherApplications.createdAt), desc(teacherApplications.id))
    .limit(1);
  return row;
}

export async function findApplicationWithApplicant(
  db: Executor,
  id: number,
): Promise<ApplicationWithApplicant | undefined> {
  const [row] = await applicationsWithApplicant(db).where(eq(teacherApplications.id, id));
  return row;
}

/** The admin's list: oldest pending first (a queue), else newest first. */
export async function listApplications(
  db: Executor,
  status: TeacherApplicationRow['status'] | 'all',
  page: PageRequest,
): Promise<{ rows: ApplicationWithApplicant[]; total: number }> {
  const where = status === 'all' ? undefined : eq(teacherApplications.status, status);
  const order =
    status === 'pending'
      ? [teacherApplications.createdAt, teacherApplications.id]
      : [desc(teacherApplications.createdAt), desc(teacherApplications.id)];
  return pageWithTotal(
    applicationsWithApplicant(db)
      .where(where)
      .orderBy(...order),
    db.select({ n: count() }).from(teacherApplications).where(where),
    page,
  );
}
