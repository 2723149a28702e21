import type { Review } from '@ustaz/contract';
import { factory } from './factory.ts';

/** Test data factories for reviews (the teacher page, the profile, the review cards). */

/** A published review of a verified lesson, by the student Fahad of the teacher Mona (profile 7). */
export const review = factory<Review>(() => ({
  id: 1,
  type: 'student_to_teacher',
  rating: 5,
  comment: 'Very clear explanations.',
  teacherId: 7,
  studentId: 9,
  teacherName: 'Mona Al-Sabah',
  studentName: 'Fahad Al-Ali',
  teacherPhotoUrl: null,
  studentPhotoUrl: null,
  createdAt: '2026-02-10T09:00:00.000Z',
  published: true,
  verifiedLesson: true,
  subject: { id: 3, name: 'Mathematics' },
  reply: null,
}));
