import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type PageRequest, pageWithTotal } from '../../db/paging.ts';
import { favourites, teacherProfiles, users } from '../../db/schema.ts';
import { listedTeacher } from '../../db/teacher-columns.ts';

/** A favourite as the list reads it: which teacher, saved when. */
export type FavouriteRow = { teacherId: number; createdAt: Date };

/** Saves a teacher for a student; saving it again changes nothing (the first `created_at` stays). */
export async function insertFavourite(db: Executor, studentId: number, teacherId: number): Promise<void> {
  await db.insert(favourites).values({ studentId, teacherId }).onConflictDoNothing();
}

/** Takes a saved teacher back; answers whether there was one. */
export async function deleteFavourite(db: Executor, studentId: number, teacherId: number): Promise<boolean> {
  const gone = await db
    .delete(favourites)
    .where(and(eq(favourites.studentId, studentId), eq(favourites.teacherId, teacherId)))
    .returning({ teacherId: favourites.teacherId });
  return gone.length > 0;
}

/** A student's favourites whose teacher is listed (an unlisted or suspended one stays saved, unseen). */
function listedFavouritesOf(db: Executor, studentId: number) {
  const listedIds = db
    .select({ id: teacherProfiles.id })
    .from(teacherProfiles)
    .innerJoin(users, eq(users.id, teacherProfiles.userId))
    .where(listedTeacher);
  return and(eq(favourites.studentId, studentId), inArray(favourites.teacherId, listedIds));
}

const newestFirst = [desc(favourites.createdAt), desc(favourites.teacherId)] as const;

/** One page of a student's listed favourites, the newest first, and how many there are. */
export async function favouritesPage(
  db: Executor,
  studentId: number,
  at: PageRequest,
): Promise<{ rows: FavouriteRow[]; total: number }> {
  const mine = listedFavouritesOf(db, studentId);
  const rows = db
    .select({ teacherId: favourites.teacherId, createdAt: favourites.createdAt })
    .from(favourites)
    .where(mine)
    .orderBy(...newestFirst)
    .$dynamic();
  return pageWithTotal(rows, db.select({ n: count() }).from(favourites).where(mine), at);
}

/** The profile ids of every listed teacher a student saved, the newest first. */
export async function favouriteIdsOf(db: Executor, studentId: number): Promise<number[]> {
  const rows = await db
    .select({ teacherId: favourites.teacherId })
    .from(favourites)
    .where(listedFavouritesOf(db, studentId))
    .orderBy(...newestFirst);
  return rows.map((row) => row.teacherId);
}
