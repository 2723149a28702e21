import { ROLE } from '@ustaz/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import { type TeacherProfileRow, teacherProfiles, users } from './schema.ts';

/**
 * A listed teacher: an active user of the teacher role whose profile an admin approved (a query
 * joining `teacher_profiles` to `users` filters with it: the sitemap, a student's favourites).
 */
export const listedTeacher = and(
  eq(users.roleId, ROLE.teacher),
  eq(users.status, 'active'),
  isNotNull(teacherProfiles.approvedAt),
);

/**
 * A teacher profile's own columns that every view of a teacher shows: the public card and page
 * (teachers module) and the admin's list (admin module), each adding the user columns it needs.
 */
export const teacherProfileColumns = {
  bioAr: teacherProfiles.bioAr,
  bioEn: teacherProfiles.bioEn,
  majorAr: teacherProfiles.majorAr,
  majorEn: teacherProfiles.majorEn,
  experienceYears: teacherProfiles.experienceYears,
  hourlyRateFils: teacherProfiles.hourlyRateFils,
  trialPriceFils: teacherProfiles.trialPriceFils,
  videoUrl: teacherProfiles.videoUrl,
  averageRating: teacherProfiles.averageRating,
  ratingCount: teacherProfiles.ratingCount,
  bookingsCount: teacherProfiles.bookingsCount,
};

/** The values of {@link teacherProfileColumns} as a query returns them. */
export type TeacherProfileFields = Pick<TeacherProfileRow, keyof typeof teacherProfileColumns>;
