import { type AdminTeacherApplication, filsToKwd, type TeacherApplication } from '@ustaz/contract';
import { filePath } from '../auth/user.presenter.ts';
import type { ApplicationWithApplicant, ApplicationWithFile, SubjectName } from './teacher-applications.repo.ts';

/** An application as its applicant sees it; `subjects` holds the names of (at least) its subject ids. */
export function toTeacherApplication(
  { application: row, certificateMimeType }: ApplicationWithFile,
  subjects: SubjectName[],
): TeacherApplication {
  const byId = new Map(subjects.map((subject) => [subject.id, subject]));
  return {
    id: row.id,
    status: row.status,
    bioAr: row.bioAr,
    bioEn: row.bioEn,
    major: row.major,
    experienceYears: row.experienceYears,
    hourlyRate: filsToKwd(row.hourlyRateFils),
    videoUrl: row.videoUrl,
    subjects: row.subjectIds.flatMap((id) => byId.get(id) ?? []),
    missingSubject: row.missingSubject,
    certificate:
      row.certificateFileId && certificateMimeType
        ? { id: row.certificateFileId, path: filePath(row.certificateFileId), mimeType: certificateMimeType }
        : null,
    rejectionReason: row.rejectionReason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** An application with its applicant, for the admin's queue. */
export function toAdminTeacherApplication(
  row: ApplicationWithApplicant,
  subjects: SubjectName[],
): AdminTeacherApplication {
  const { applicant } = row;
  return {
    ...toTeacherApplication(row, subjects),
    user: {
      id: applicant.id,
      firstName: applicant.firstName,
      lastName: applicant.lastName,
      email: applicant.email,
      photoUrl: applicant.photoFileId ? filePath(applicant.photoFileId) : null,
    },
  };
}
