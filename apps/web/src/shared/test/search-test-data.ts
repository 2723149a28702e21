import type { TeacherProfile } from '@ustaz/contract';

/** Test data for the pages that list teachers (home carousels, search, the teachers list). */

/** A teacher profile as the teacher search returns it. */
export function makeTeacher(id: number, overrides: Partial<TeacherProfile> = {}): TeacherProfile {
  return {
    id,
    userId: 100 + id,
    bio: `Teacher ${id} explains maths step by step.`,
    major: 'Mathematics',
    experienceYears: 5,
    hourlyRate: '12.500',
    videoUrl: null,
    averageRating: 4.6,
    ratingCount: 12,
    bookingsCount: 30,
    subjects: [{ id: 1, name: 'Mathematics' }],
    user: { id: 100 + id, firstName: `Name${id}`, lastName: 'Teacher', photo: null },
    ...overrides,
  };
}

/** A page of the teacher search (12 a page unless `limit` says otherwise). */
export function resultsPage(
  teachers: TeacherProfile[],
  { total = teachers.length, page = 1, totalPages = 1, limit = 12 } = {},
) {
  return { data: teachers, total, page, limit, totalPages };
}
