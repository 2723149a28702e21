import type { AdminTeacher } from '@ustaz/contract';

/** Test data factory for the teachers page. */

let nextId = 500;

export function adminTeacher(overrides: Partial<AdminTeacher> = {}): AdminTeacher {
  nextId += 1;
  return {
    id: nextId,
    userId: nextId + 1000,
    firstName: 'Mona',
    lastName: 'Al-Sabah',
    email: `teacher${nextId}@example.com`,
    status: 'active',
    approved: false,
    approvedAt: null,
    bioAr: 'معلمة رياضيات',
    bioEn: 'Maths teacher',
    majorAr: 'رياضيات',
    majorEn: 'Mathematics',
    experienceYears: 6,
    hourlyRate: '10.000',
    videoUrl: null,
    subjects: [{ id: 1, nameAr: 'الرياضيات', nameEn: 'Mathematics' }],
    averageRating: 4.5,
    ratingCount: 8,
    bookingsCount: 21,
    createdAt: '2026-01-10T08:00:00.000Z',
    ...overrides,
  };
}
