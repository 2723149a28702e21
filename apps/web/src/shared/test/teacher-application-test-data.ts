import type { AdminTeacherApplication, TeacherApplication } from '@ustaz/contract';
import { factory } from './factory.ts';

/** An application to teach as its applicant reads it: pending, two subjects, no certificate. */
export const teacherApplication = factory<TeacherApplication>((sequence) => ({
  id: sequence,
  status: 'pending',
  bioAr: 'أدرّس الرياضيات للمرحلة الثانوية منذ عشر سنوات',
  bioEn: 'I have taught secondary school maths for ten years',
  major: 'Mathematics',
  experienceYears: 10,
  hourlyRate: '12.500',
  videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
  subjects: [
    { id: 1, nameAr: 'الرياضيات', nameEn: 'Mathematics' },
    { id: 2, nameAr: 'الفيزياء', nameEn: 'Physics' },
  ],
  missingSubject: null,
  certificate: null,
  rejectionReason: null,
  createdAt: '2026-03-01T09:00:00.000Z',
  decidedAt: null,
}));

/** The same with its applicant, as the admin's queue lists it. */
export const adminTeacherApplication = factory<AdminTeacherApplication>((sequence) => ({
  ...teacherApplication({ id: sequence }),
  user: {
    id: 100 + sequence,
    firstName: 'Huda',
    lastName: `Al-Saleh${sequence}`,
    email: `huda${sequence}@ustaz.example`,
    photoUrl: null,
  },
}));
