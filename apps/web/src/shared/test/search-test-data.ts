import type { TeacherProfile } from '@ustaz/contract';
import { type ApiRoute, mockApi, ok } from './mock-api.ts';

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
    trialPrice: null,
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

const TEACHER_SEARCH = 'GET /api/teachers/search';

/** The teacher search answering `answer` (other paths 404), and the query of each search made, in order. */
export function mockTeacherSearch(answer: ApiRoute) {
  const api = mockApi({ [TEACHER_SEARCH]: answer });
  return { ...api, queries: () => api.callsTo(TEACHER_SEARCH).map((call) => call.search) };
}

/** The teacher search failing with a 500 until `recover()`, then finding one teacher: the error state and its retry. */
export function failingTeacherSearch() {
  let failing = true;
  mockTeacherSearch(() =>
    failing
      ? { status: 500, body: { status: 500, message: 'Boom', code: 'internal' } }
      : ok(resultsPage([makeTeacher(1)])),
  );
  return {
    recover: () => {
      failing = false;
    },
  };
}

/** Each search asks for the page of its `page` parameter; `answer` gives that page's results. */
export function pagedTeacherSearch(answer: (page: number) => ReturnType<typeof resultsPage>) {
  return mockTeacherSearch((call) => ok(answer(Number(call.search.get('page')))));
}
