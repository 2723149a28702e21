import { z } from 'zod';
import { FAVOURITES_PAGE_MAX, FAVOURITES_PAGE_SIZE } from './constants.ts';
import { teacherProfileSchema } from './discovery.ts';
import { listResponseSchema, pagingQuery } from './list.ts';
import { langQuery } from './money-fields.ts';

/**
 * Favourite teachers (issue 32): a student saves a teacher with `PUT /api/v1/favourites/{teacherProfileId}`
 * (204, idempotent), takes it back with `DELETE` the same (204, idempotent) and reads their own with
 * `GET /api/v1/favourites` (newest first) and `GET /api/v1/favourites/ids` (every saved id, for the hearts).
 */

/** `GET /api/v1/favourites?page&limit&lang`. */
export const favouritesQuerySchema = z.object({
  ...pagingQuery(FAVOURITES_PAGE_MAX, FAVOURITES_PAGE_SIZE),
  lang: langQuery,
});
export type FavouritesQuery = z.infer<typeof favouritesQuerySchema>;

/** One saved teacher: the card the search results show (in the request's language) and when it was saved. */
export const favouriteSchema = z.object({
  teacher: teacherProfileSchema,
  createdAt: z.iso.datetime({ offset: true }),
});
export type Favourite = z.infer<typeof favouriteSchema>;

/** `GET /api/v1/favourites`: the signed-in student's listed favourites, the newest first, paged. */
export const favouritesResponseSchema = listResponseSchema(favouriteSchema);
export type FavouritesResponse = z.infer<typeof favouritesResponseSchema>;

/** `GET /api/v1/favourites/ids`: the profile ids of every listed teacher the student saved, the newest first. */
export const favouriteIdsResponseSchema = z.object({ teacherProfileIds: z.array(z.number().int()) });
export type FavouriteIdsResponse = z.infer<typeof favouriteIdsResponseSchema>;
