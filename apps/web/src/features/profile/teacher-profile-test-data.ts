import type { OwnTeacherProfile } from '@ustaz/contract';
import { factory } from '../../shared/test/factory.ts';

/** A teacher's own profile (GET /api/teachers/profiles/me): English bio only, no video, one subject. */
export const ownTeacherProfile = factory<OwnTeacherProfile>(() => ({
  id: 7,
  userId: 70,
  bio: 'I teach physics',
  bioAr: '',
  bioEn: 'I teach physics',
  major: 'Physics',
  experienceYears: 4,
  hourlyRate: '10.000',
  trialPrice: null,
  videoUrl: null,
  averageRating: 0,
  ratingCount: 0,
  bookingsCount: 0,
  subjects: [{ id: 2, name: 'Physics' }],
  user: { id: 70, firstName: 'Sara', lastName: 'Ali', photo: null },
  timeZone: 'Asia/Kuwait',
  meetingLink: null,
}));
