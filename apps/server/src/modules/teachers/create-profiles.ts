import type { Executor } from '../../db/client.ts';
import type { SubjectSearchSources } from '../subjects/subjects.service.ts';
import { teacherSearchText } from './search-text.ts';
import { insertProfiles, insertTeacherSubjects } from './teacher-profile.repo.ts';

export type NewTeacherProfile = {
  userId: number;
  firstName: string;
  lastName: string;
  bioAr?: string;
  bioEn?: string;
  majorAr?: string;
  majorEn?: string;
  experienceYears?: number;
  hourlyRateFils?: number;
  videoUrl?: string | null;
  /** With their synonyms (a subject row has them) so that the search finds the teacher by those too. */
  subjects?: ({ id: number } & SubjectSearchSources)[];
  /** Null: waits for an admin's approval (not listed). Default: approved now. */
  approvedAt?: Date | null;
};

/** Adds profiles with their subjects and search text (seed, tests, later the admin); users with one are skipped. */
export async function createProfiles(executor: Executor, profiles: NewTeacherProfile[]) {
  const rows = await insertProfiles(
    executor,
    profiles.map(({ firstName, lastName, subjects = [], ...values }) => ({
      ...values,
      searchText: teacherSearchText({
        firstName,
        lastName,
        bioAr: values.bioAr ?? '',
        bioEn: values.bioEn ?? '',
        majorAr: values.majorAr ?? '',
        majorEn: values.majorEn ?? '',
        subjects,
      }),
    })),
  );
  const byUser = new Map(profiles.map((profile) => [profile.userId, profile]));
  await insertTeacherSubjects(
    executor,
    rows.flatMap((row) =>
      (byUser.get(row.userId)?.subjects ?? []).map((s) => ({ teacherId: row.id, subjectId: s.id })),
    ),
  );
  return rows;
}
