import { type AdminTeacherApplication, ROLE } from '@ustaz/contract';
import type { Executor } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { renderApplicationMail } from '../../mail/templates.ts';
import { insertAudit } from '../admin/audit.service.ts';
import { insertNotifications } from '../notifications/notifications.service.ts';
import { findProfileIdOfUser } from '../teachers/teachers.service.ts';
import { namesFor } from './application-reads.ts';
import { toAdminTeacherApplication } from './teacher-application.presenter.ts';
import {
  type ApplicationWithApplicant,
  decideApplication,
  findApplicant,
  findApplicationWithApplicant,
  lockApplication,
  setApplicantRole,
  subjectNames,
} from './teacher-applications.repo.ts';
import type { TeacherApplicationsContext } from './teacher-applications-context.ts';

/** An admin's decision on a pending application: approve (a listed teacher at once) or reject. */

const notPending = () => new HttpError(409, 'applicationNotPending', 'The application was already decided');
const notFound = () => new HttpError(404, 'notFound', 'Application not found');

async function adminView(executor: Executor, id: number): Promise<AdminTeacherApplication> {
  const row = await findApplicationWithApplicant(executor, id);
  if (!row) throw notFound();
  return toAdminTeacherApplication(row, await namesFor(executor, [row]));
}

/** Locks a pending application and its applicant for a decision. */
async function lockPending(tx: Executor, id: number) {
  const application = await lockApplication(tx, id);
  if (!application) throw notFound();
  if (application.status !== 'pending') throw notPending();
  const applicant = await findApplicant(tx, application.userId, true);
  if (!applicant) throw notFound();
  return { application, applicant };
}

/** The applicant hears of the decision: a notification and a mail, both in the decision's transaction. */
async function tell(
  { mailer, publicUrl }: { mailer: Mailer; publicUrl: string },
  tx: Executor,
  row: ApplicationWithApplicant,
  decision: 'approved' | 'rejected',
  reason?: string,
): Promise<void> {
  const { applicant, application } = row;
  await insertNotifications(tx, [
    {
      userId: applicant.id,
      type: decision === 'approved' ? 'teacherApplication.approved' : 'teacherApplication.rejected',
      data: { applicationId: application.id, ...(reason ? { reason } : {}) },
    },
  ]);
  const page = decision === 'approved' ? 'profile' : 'teach';
  await mailer.enqueue(tx, {
    to: applicant.email,
    ...renderApplicationMail(decision, applicant.language, {
      name: applicant.firstName,
      ...(reason ? { reason } : {}),
      url: `${publicUrl}/${applicant.language}/${page}`,
    }),
  });
}

/**
 * Approves a pending application in one transaction: the applicant becomes a teacher (role 2)
 * with an approved profile built from it (so listed at once), audited, notified and mailed.
 */
export async function approve(
  ctx: TeacherApplicationsContext,
  actorId: number,
  id: number,
): Promise<AdminTeacherApplication> {
  const { db, teachers } = ctx;
  const approved = await db.transaction(async (tx) => {
    const { application, applicant } = await lockPending(tx, id);
    if (applicant.roleId === ROLE.admin || applicant.deletedAt) throw notPending();
    const subjects = await subjectNames(tx, application.subjectIds);
    const values = {
      bioAr: application.bioAr,
      bioEn: application.bioEn,
      majorAr: application.major,
      majorEn: application.major,
      experienceYears: application.experienceYears,
      hourlyRateFils: application.hourlyRateFils,
      videoUrl: application.videoUrl,
    };
    const [created] = await teachers.createProfiles(tx, [
      { userId: applicant.id, firstName: applicant.firstName, lastName: applicant.lastName, ...values, subjects },
    ]);
    let profileId = created?.id;
    if (profileId === undefined) {
      // A profile left from an earlier time as a teacher: it takes the application's details.
      profileId = await findProfileIdOfUser(tx, applicant.id);
      if (profileId === undefined) throw new Error('teacher profile neither created nor found');
      await teachers.applyChanges(
        tx,
        profileId,
        values,
        subjects.map((subject) => subject.id),
      );
      await teachers.setApproval(tx, profileId, true);
    }
    await setApplicantRole(tx, applicant.id, ROLE.teacher);
    if (!(await decideApplication(tx, id, { status: 'approved', decidedBy: actorId }))) throw notPending();
    await insertAudit(tx, {
      actorUserId: actorId,
      action: 'teacherApplication.approve',
      entityType: 'teacherApplication',
      entityId: id,
      before: { status: 'pending', roleId: applicant.roleId },
      after: { status: 'approved', roleId: ROLE.teacher, userId: applicant.id, teacherProfileId: profileId },
    });
    const view = await findApplicationWithApplicant(tx, id);
    if (!view) throw notFound();
    await tell(ctx, tx, view, 'approved');
    return toAdminTeacherApplication(view, subjects);
  });
  // The new teacher is listed now: search totals must count them.
  teachers.forgetCounts();
  return approved;
}

/** Rejects a pending application with the reason the applicant is told; audited, notified and mailed. */
export async function reject(
  ctx: TeacherApplicationsContext,
  actorId: number,
  id: number,
  reason: string,
): Promise<AdminTeacherApplication> {
  return ctx.db.transaction(async (tx) => {
    await lockPending(tx, id);
    if (!(await decideApplication(tx, id, { status: 'rejected', decidedBy: actorId, rejectionReason: reason }))) {
      throw notPending();
    }
    await insertAudit(tx, {
      actorUserId: actorId,
      action: 'teacherApplication.reject',
      entityType: 'teacherApplication',
      entityId: id,
      reason,
      before: { status: 'pending' },
      after: { status: 'rejected' },
    });
    const view = await findApplicationWithApplicant(tx, id);
    if (!view) throw notFound();
    await tell(ctx, tx, view, 'rejected', reason);
    return adminView(tx, id);
  });
}
