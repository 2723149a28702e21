import { type FavouriteIdsResponse, type FavouritesResponse, type Language, toPage } from '@ustaz/contract';
import type { Db } from '../../db/client.ts';
import type { PageRequest } from '../../db/paging.ts';
import { HttpError } from '../../http/errors.ts';
import type { TeachersService } from '../teachers/teachers.service.ts';
import { toFavourite } from './favourite.presenter.ts';
import { deleteFavourite, favouriteIdsOf, favouritesPage, insertFavourite } from './favourites.repo.ts';

type Deps = { db: Db; teachers: Pick<TeachersService, 'listedCards' | 'isListed' | 'teacherOfUser'> };

const notFound = () => new HttpError(404, 'notFound', 'Teacher not found');

/**
 * A student's favourite teachers (issue 32). The routes let students only in (401, then 403);
 * the teacher's card comes from the teachers module (ADR 031), in the request's language.
 */
export function createFavouritesService({ db, teachers }: Deps) {
  return {
    /** Saves a listed teacher (idempotent); 404 for an unknown, unlisted or suspended one, 403 for one's own profile. */
    async add(studentId: number, teacherId: number): Promise<void> {
      if ((await teachers.teacherOfUser(studentId))?.id === teacherId) {
        throw new HttpError(403, 'forbidden', 'You cannot save your own teacher profile');
      }
      if (!(await teachers.isListed(teacherId))) throw notFound();
      await insertFavourite(db, studentId, teacherId);
    },

    /**
     * Takes a saved teacher back (idempotent for a listed teacher). A saved teacher who is no longer
     * listed can still be taken back; 404 only when there was nothing saved and no listed teacher.
     */
    async remove(studentId: number, teacherId: number): Promise<void> {
      const removed = await deleteFavourite(db, studentId, teacherId);
      if (!removed && !(await teachers.isListed(teacherId))) throw notFound();
    },

    /** The student's listed favourites, the newest first, each with the search results' card. */
    async list(studentId: number, at: PageRequest, language: Language): Promise<FavouritesResponse> {
      const { rows, total } = await favouritesPage(db, studentId, at);
      const cards = await teachers.listedCards(
        rows.map((row) => row.teacherId),
        language,
      );
      const byId = new Map(cards.map((card) => [card.id, card]));
      const data = rows.flatMap((row) => {
        const card = byId.get(row.teacherId);
        return card ? [toFavourite(row, card)] : [];
      });
      return toPage(data, total, at);
    },

    /** Every listed teacher the student saved, by profile id (the hearts on cards and pages). */
    async ids(studentId: number): Promise<FavouriteIdsResponse> {
      return { teacherProfileIds: await favouriteIdsOf(db, studentId) };
    },
  };
}

export type FavouritesService = ReturnType<typeof createFavouritesService>;
