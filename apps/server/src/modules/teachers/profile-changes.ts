import type { Executor } from '../../db/client.ts';
import { teacherSearchText } from './search-text.ts';
import {
  findProfileIdOfUser,
  profileIdsTeaching,
  replaceTeacherSubjects,
  searchSourcesOf,
  updateProfile,
} from './teacher-profile.repo.ts';
import type { TeachersContext } from './teachers-context.ts';

/** Writing a profile's fields and keeping its search text in step with them. */

/** The stored profile fields an owner or an admin may change. */
export type ProfileChanges = Omit<Parameters<typeof updateProfile>[2], 'searchText'>;

export async function reindex(executor: Executor, id: number) {
  const sources = await searchSourcesOf(executor, id);
  if (sources) await updateProfile(executor, id, { searchText: teacherSearchText(sources) });
}

/** Writes profile fields and (when given) the subject list, then rewrites the search text. */
export async function applyChanges(executor: Executor, id: number, values: ProfileChanges, subjectIds?: number[]) {
  await updateProfile(executor, id, values);
  if (subjectIds) await replaceTeacherSubjects(executor, id, subjectIds);
  await reindex(executor, id);
}

/** After a subject's names or synonyms change: every profile that teaches it gets its search text rewritten. */
export async function reindexTeachersOf(executor: Executor, subjectId: number) {
  for (const id of await profileIdsTeaching(executor, subjectId)) await reindex(executor, id);
}

/** After a user's name changes: their teacher profile's search text follows. */
export async function reindexUser(ctx: TeachersContext, userId: number) {
  const id = await findProfileIdOfUser(ctx.db, userId);
  if (id !== undefined) await reindex(ctx.db, id);
}
