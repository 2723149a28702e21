import type { Language, TeacherProfile, TeacherReliability } from '@ustaz/contract';
import { filsToKwd, RELIABILITY_MIN_LESSONS } from '@ustaz/contract';
import { localized, nameIn } from '../../http/language.ts';
import { filePath } from '../auth/user.presenter.ts';
import type { ReliabilityFacts } from './teacher-facts.repo.ts';
import type { TeacherListRow, TeacherSubjectRow } from './teacher-profile.repo.ts';

/** The one place a teacher row becomes an API body, in the request language. */
export function toTeacherProfile(
  row: TeacherListRow,
  subjects: Pick<TeacherSubjectRow, 'id' | 'nameAr' | 'nameEn'>[],
  language: Language,
): TeacherProfile {
  return {
    id: row.id,
    userId: row.userId,
    bio: localized(language, row.bioAr, row.bioEn),
    major: localized(language, row.majorAr, row.majorEn),
    experienceYears: row.experienceYears,
    hourlyRate: filsToKwd(row.hourlyRateFils),
    trialPrice: row.trialPriceFils === null ? null : filsToKwd(row.trialPriceFils),
    videoUrl: row.videoUrl,
    averageRating: Number(row.averageRating),
    ratingCount: row.ratingCount,
    bookingsCount: row.bookingsCount,
    subjects: subjects.map((subject) => ({
      id: subject.id,
      name: localized(language, subject.nameAr, subject.nameEn),
    })),
    user: {
      id: row.userId,
      ...nameIn(language, row),
      photo: row.photoFileId ? { id: row.photoFileId, path: filePath(row.photoFileId) } : null,
    },
  };
}

/** The figures the teacher page shows, from the counts; null below RELIABILITY_MIN_LESSONS lessons taught. */
export function toReliability(facts: ReliabilityFacts): TeacherReliability | null {
  if (facts.lessonsTaught < RELIABILITY_MIN_LESSONS) return null;
  return {
    lessonsTaught: facts.lessonsTaught,
    attendanceRate: facts.lessonsDue === 0 ? 1 : facts.lessonsTaught / facts.lessonsDue,
    medianFirstReplyMinutes: facts.medianReplyMinutes === null ? null : Math.round(facts.medianReplyMinutes),
    repeatStudentShare: facts.students === 0 ? 0 : facts.repeatStudents / facts.students,
  };
}
