import { ok } from './mock-api.ts';

/** An active subject as GET /api/v1/subjects lists it. */
export const subjectOption = (id: number, name: string) => ({
  id,
  name,
  description: '',
  icon: 'book-open',
  isActive: true,
});

/** GET /api/v1/subjects answering Mathematics (1) and Physics (2), one page. */
export const SUBJECT_LIST = ok({
  data: [subjectOption(1, 'Mathematics'), subjectOption(2, 'Physics')],
  total: 2,
  page: 1,
  limit: 50,
  totalPages: 1,
});
