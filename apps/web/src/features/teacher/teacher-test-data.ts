import type { TeacherDetail, TimeSlot } from '@ustaz/contract';
import { factory } from '../../shared/test/factory.ts';
import { hourFrom } from '../../shared/test/hour-from.ts';

/** Test data factories for the teacher page (used by its tests only). */

/** The teacher page's answer: a profile without reliability figures (fewer than 5 lessons). */
export const teacherProfile = factory<TeacherDetail>(() => ({
  id: 7,
  userId: 42,
  bio: 'مدرسة رياضيات بخبرة طويلة في تدريس المرحلة الثانوية.',
  major: 'رياضيات',
  experienceYears: 8,
  hourlyRate: '12.500',
  trialPrice: null,
  videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  averageRating: 4.8,
  ratingCount: 23,
  bookingsCount: 140,
  subjects: [
    { id: 1, name: 'Mathematics' },
    { id: 2, name: 'Physics' },
  ],
  user: { id: 42, firstName: 'Mona', lastName: 'Al-Sabah', photo: null },
  reliability: null,
}));

let slotId = 100;

/** An open hour from `startTime` (a UTC ISO string). */
export function timeSlot(startTime: string, overrides: Partial<TimeSlot> = {}): TimeSlot {
  slotId += 1;
  return { id: slotId, ...hourFrom(startTime), price: '12.500', status: 'open', kind: 'lesson', ...overrides };
}

/** The week of Saturday 14 March 2026 as it starts in Arabic (Saturday to Friday), the week of the test slots. */
export const ARABIC_WEEK_OF_14_MARCH = [
  '2026-03-14',
  '2026-03-15',
  '2026-03-16',
  '2026-03-17',
  '2026-03-18',
  '2026-03-19',
  '2026-03-20',
];
