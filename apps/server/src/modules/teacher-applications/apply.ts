import { kwdToFils, ROLE, type TeacherApplicationBody } from '@ustaz/contract';
import { isUniqueViolation } from '../../db/errors.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import { findFile } from '../files/files.service.ts';
import { validVideoUrl } from '../teachers/teachers.service.ts';
import { activeSubjectsAmong, findApplicant, insertApplication } from './teacher-applications.repo.ts';
import type { TeacherApplicationsContext } from './teacher-applications-context.ts';

/** A signed-in, confirmed student applies; 403 for anyone else, 409 while one is pending. */
export async function apply(
  { db }: TeacherApplicationsContext,
  userId: number,
  body: TeacherApplicationBody,
): Promise<{ id: number; status: 'pending' }> {
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
}
