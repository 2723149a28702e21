import type { Favourite, TeacherProfile } from '@ustaz/contract';
import type { FavouriteRow } from './favourites.repo.ts';

/** The one place a favourite row becomes an API body: the teacher's card (already presented by the teachers module) and when it was saved. */
export function toFavourite(row: FavouriteRow, teacher: TeacherProfile): Favourite {
  return { teacher, createdAt: row.createdAt.toISOString() };
}
