import { type adminTeacherApplicationsQuerySchema, type TeacherApplication, toPage } from '@ustaz/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { toAdminTeacherApplication, toTeacherApplication } from './teacher-application.presenter.ts';
import { listApplications, newestApplicationOf, subjectNames } from './teacher-applications.repo.ts';
import type { TeacherApplicationsContext } from './teacher-applications-context.ts';

export type AdminQuery = z.output<typeof adminTeacherApplicationsQuerySchema>;

/** The names of the subjects these applications ask for, in one query. */
export async function namesFor(executor: Executor, rows: { application: { subjectIds: number[] } }[]) {
  return subjectNames(executor, [...new Set(rows.flatMap((row) => row.application.subjectIds))]);
}

/** The caller's newest application, or null. */
export async function mine({ db }: TeacherApplicationsContext, userId: number): Promise<TeacherApplication | null> {
  const row = await newestApplicationOf(db, userId);
  return row ? toTeacherApplication(row, await namesFor(db, [row])) : null;
}

export async function list({ db }: TeacherApplicationsContext, query: AdminQuery) {
  const { rows, total } = await listApplications(db, query.status, query);
  const names = await namesFor(db, rows);
  return toPage(
    rows.map((row) => toAdminTeacherApplication(row, names)),
    total,
    query,
  );
}
