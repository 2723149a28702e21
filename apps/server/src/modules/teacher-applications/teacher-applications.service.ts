import {
  type AdminTeacherApplication,
  type adminTeacherApplicationsQuerySchema,
  kwdToFils,
  ROLE,
  type TeacherApplication,
  type TeacherApplicationBody,
  toPage,
} from '@ustaz/contract';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { renderApplicationMail } from '../../mail/templates.ts';
import { insertAudit } from '../admin/audit.service.ts';
import { findFile } from '../files/files.service.ts';
import { insertNotifications } from '../notifications/notifications.service.ts';
import { findProfileIdOfUser, type TeachersService, validVideoUrl } from '../teachers/teachers.service.ts';
import { toAdminTeacherApplication, toTeacherApplication } from './teacher-application.presenter.ts';
import {
  type ApplicationWithApplicant,
  activeSubjectsAmong,
  decideApplication,
  findApplicant,
  findApplicationWithApplicant,
  insertApplication,
  listApplications,
  lockApplication,
  newestApplicationOf,
  setApplicantRole,
  subjectNames,
} from './teacher-applications.repo.ts';

type AdminQuery = z.output<typeof adminTeacherApplicationsQuerySchema>;

type Options = {
  db: Db;
  teachers: TeachersService;
  /** The decision mail goes through the outbox, in the decision's transaction. */
  mailer: Mailer;
  publicUrl: string;
};

const notPending = () => new HttpError(409, 'applicationNotPending', 'The application was already decided');
const notFound = () => new HttpError(404, 'notFound', 'Application not found');

/**
 * Becoming a teacher: a confirmed student applies (one pending application at a time), an admin
 * approves (the user becomes a teacher with a listed profile built from the application) or
 * rejects with a reason. Decisions are audited, notified and mailed in the applicant's language.
 */
export function createTeacherApplicationsService({ db, teachers, mailer, publicUrl }: Options) {
  async function namesFor(executor: Executor, rows: { application: { subjectIds: number[] } }[]) {
    return subjectNames(executor, [...new Set(rows.flatMap((row) => row.application.subjectIds))]);
  }

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

  return {
    /** A signed-in, confirmed student applies; 403 for anyone else, 409 while one is pending. */
    async apply(userId: number, body: TeacherApplicationBody): Promise<{ id: number; status: 'pending' }> {
      const applicant = await findApplicant(db, userId);
      if (!applicant || applicant.roleId !== ROLE.student || applicant.deletedAt) {
        throw new HttpError(403, 'forbidden', 'Only students can apply to teach');
      }
      if (!applicant.emailConfirmedAt) {
        throw new HttpError(403, 'emailNotConfirmed', 'Confirm your e-mail before applying');
      }
      const errors: Record<string, 'notFound' | 'invalid'> = {};
      const subjectIds = [...new Set(body.subjectIds)];
      const found = await activeSubjectsAmong(db, subjectIds);
      if (found.length !== subjectIds.length) errors.subjectIds = 'notFound';
      if (!validVideoUrl(body.videoUrl)) errors.videoUrl = 'invalid';
      if (body.certificateFileId) {
        const file = await findFile(db, body.certificateFileId);
        if (file?.ownerId !== userId || file.purpose !== 'certificate') errors.certificateFileId = 'notFound';
      }
      if (Object.keys(errors).length > 0) throw new FieldValidationError(errors);
      try {
        const row = await insertApplication(db, {
          userId,
          bioAr: body.bioAr,
          bioEn: body.bioEn,
          major: body.major,
          experienceYears: body.experienceYears,
          hourlyRateFils: kwdToFils(body.hourlyRate),
          videoUrl: body.videoUrl,
          subjectIds,
          missingSubject: body.missingSubject || null,
          certificateFileId: body.certificateFileId ?? null,
        });
        return { id: row.id, status: 'pending' };
      } catch (error) {
        // teacher_applications_one_pending: a second pending application, however close in time.
        if (isUniqueViolation(error)) {
          throw new HttpError(409, 'applicationPending', 'An application is already waiting for a decision');
        }
        throw error;
      }
    },

    /** The caller's newest application, or null. */
    async mine(userId: number): Promise<TeacherApplication | null> {
      const row = await newestApplicationOf(db, userId);
      return row ? toTeacherApplication(row, await namesFor(db, [row])) : null;
    },

    async list(query: AdminQuery) {
      const { rows, total } = await listApplications(db, query.status, query);
      const names = await namesFor(db, rows);
      return toPage(
        rows.map((row) => toAdminTeacherApplication(row, names)),
        total,
        query,
      );
    },

    /**
     * Approves a pending application in one transaction: the applicant becomes a teacher (role 2)
     * with an approved profile built from it (so listed at once), audited, notified and mailed.
     */
    async approve(actorId: number, id: number): Promise<AdminTeacherApplication> {
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
        await tell(tx, view, 'approved');
        return toAdminTeacherApplication(view, subjects);
      });
      // The new teacher is listed now: search totals must count them.
      teachers.forgetCounts();
      return approved;
    },

    /** Rejects a pending application with the reason the applicant is told; audited, notified and mailed. */
    async reject(actorId: number, id: number, reason: string): Promise<AdminTeacherApplication> {
      return db.transaction(async (tx) => {
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
        await tell(tx, view, 'rejected', reason);
        return adminView(tx, id);
      });
    },
  };
}

export type TeacherApplicationsService = ReturnType<typeof createTeacherApplicationsService>;
