import type { Language, Review } from '@ustaz/contract';
import { fullNameIn, localized } from '../../http/language.ts';
import { filePath } from '../auth/user.presenter.ts';
import type { ReviewListRow } from './reviews.repo.ts';

/**
 * The one place a review row becomes an API body. `teacherId` is the teacher profile id; the
 * subject's name is in `language`.
 */
export function toReview(row: ReviewListRow, language: Language): Review {
  return {
    id: row.id,
    type: row.type,
    rating: row.rating,
    comment: row.comment,
    teacherId: row.teacherId,
    studentId: row.studentId,
    teacherName: fullNameIn(language, row.teacherNames),
    studentName: fullNameIn(language, row.studentNames),
    teacherPhotoUrl: row.teacherPhotoFileId ? filePath(row.teacherPhotoFileId) : null,
    studentPhotoUrl: row.studentPhotoFileId ? filePath(row.studentPhotoFileId) : null,
    createdAt: row.createdAt.toISOString(),
    published: Boolean(row.published),
    verifiedLesson: Boolean(row.verifiedLesson),
    reply:
      row.replyText !== null && row.repliedAt ? { text: row.replyText, createdAt: row.repliedAt.toISOString() } : null,
    subject: row.subject
      ? { id: row.subject.id, name: localized(language, row.subject.nameAr, row.subject.nameEn) }
      : null,
  };
}
