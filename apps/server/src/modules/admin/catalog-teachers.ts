import type { AdminTeacher, adminTeacherPatchSchema, adminTeachersQuerySchema } from '@ustaz/contract';
import { filsToKwd, kwdToFils, toPage } from '@ustaz/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { storableText } from '../../db/storable-text.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import { MAX_HOURLY_RATE_FILS, type ProfileChanges, validVideoUrl } from '../teachers/teachers.service.ts';
import { editableTeacher, toAdminTeacher } from './admin-catalog.presenter.ts';
import { findAdminTeacher, listAdminTeachers } from './admin-catalog.repo.ts';
import type { AdminCatalogContext } from './admin-catalog-context.ts';
import { insertAudit } from './audit.repo.ts';
import { changedFields, hasChanges, storable } from './catalog-changes.ts';

/** The admin's teacher list, profile edits and approvals. */

export type TeachersQuery = z.output<typeof adminTeachersQuerySchema>;
export type TeacherPatch = z.output<typeof adminTeacherPatchSchema>;

const teacherNotFound = () => new HttpError(404, 'notFound', 'Teacher not found');

async function teacherView(executor: Executor, id: number): Promise<AdminTeacher> {
  const row = await findAdminTeacher(executor, id);
  if (!row) throw teacherNotFound();
  return toAdminTeacher(row);
}

export async function listTeachers({ db }: AdminCatalogContext, query: TeachersQuery) {
  const { rows, total } = await listAdminTeachers(db, { search: query.search, approval: query.approval }, query);
  return toPage(rows.map(toAdminTeacher), total, query);
}

/** Edits a profile in both languages; search text rewritten, search totals dropped, audited. */
export async function patchTeacher(
  { db, teachers, subjects }: AdminCatalogContext,
  actorId: number,
  id: number,
  patch: TeacherPatch,
): Promise<AdminTeacher> {
  const values: ProfileChanges = storable({
    bioAr: patch.bioAr,
    bioEn: patch.bioEn,
    majorAr: patch.majorAr,
    majorEn: patch.majorEn,
    experienceYears: patch.experienceYears,
  });
  if (patch.hourlyRate !== undefined) {
    values.hourlyRateFils = kwdToFils(patch.hourlyRate);
    if (values.hourlyRateFils > MAX_HOURLY_RATE_FILS) throw new FieldValidationError({ hourlyRate: 'tooBig' });
  }
  if (patch.videoUrl !== undefined) {
    if (patch.videoUrl !== null && !validVideoUrl(patch.videoUrl)) {
      throw new FieldValidationError({ videoUrl: 'invalid' });
    }
    values.videoUrl = patch.videoUrl === null ? null : storableText(patch.videoUrl);
  }
  const subjectIds = patch.subjectIds === undefined ? undefined : [...new Set(patch.subjectIds)].sort((a, b) => a - b);

  const result = await db.transaction(async (tx) => {
    await teachers.lockAggregates(tx, id);
    const before = await findAdminTeacher(tx, id);
    if (!before) throw teacherNotFound();
    if (subjectIds && (await subjects.findByIds(subjectIds, tx)).length !== subjectIds.length) {
      throw new FieldValidationError({ subjectIds: 'invalid' });
    }
    const changes = changedFields(editableTeacher(before), {
      ...values,
      hourlyRateFils: undefined,
      hourlyRate: values.hourlyRateFils === undefined ? undefined : filsToKwd(values.hourlyRateFils),
      subjectIds,
    });
    if (!hasChanges(changes)) return { teacher: toAdminTeacher(before), changed: false };
    await teachers.applyChanges(tx, id, values, 'subjectIds' in changes.after ? subjectIds : undefined);
    await insertAudit(tx, {
      actorUserId: actorId,
      action: 'teacher.update',
      entityType: 'teacher',
      entityId: id,
      ...changes,
    });
    return { teacher: await teacherView(tx, id), changed: true };
  });
  if (result.changed) teachers.forgetCounts();
  return result.teacher;
}

/** Approves a profile (it is listed from now on) or takes the approval back; audited. */
export async function setApproval(
  { db, teachers }: AdminCatalogContext,
  actorId: number,
  id: number,
  approved: boolean,
): Promise<AdminTeacher> {
  const result = await db.transaction(async (tx) => {
    const before = await findAdminTeacher(tx, id);
    if (!before) throw teacherNotFound();
    const changed = await teachers.setApproval(tx, id, approved);
    const after = await teacherView(tx, id);
    if (changed) {
      await insertAudit(tx, {
        actorUserId: actorId,
        action: approved ? 'teacher.approve' : 'teacher.unapprove',
        entityType: 'teacher',
        entityId: id,
        before: { approved: before.approvedAt !== null, approvedAt: before.approvedAt?.toISOString() ?? null },
        after: { approved: after.approved, approvedAt: after.approvedAt },
      });
    }
    return { teacher: after, changed };
  });
  if (result.changed) teachers.forgetCounts();
  return result.teacher;
}
