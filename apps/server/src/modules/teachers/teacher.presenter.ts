import type { Language, TeacherProfile } from '@ustaz/contract';
import { filsToKwd } from '@ustaz/contract';
import { localized, nameIn } from '../../http/language.ts';
import { filePath } from '../auth/user.presenter.ts';
import type { TeacherListRow, TeacherSubjectRow } from './teachers.repo.ts';

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
