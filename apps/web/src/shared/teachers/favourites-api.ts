import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FavouriteIdsResponse, FavouritesResponse } from '@ustaz/contract';
import type { Language } from '@ustaz/contract/constants';
import { FAVOURITES_PAGE_MAX, ROLE } from '@ustaz/contract/constants';
import { useAuth } from '../auth/auth-context.tsx';
import { apiRequest } from '../http/client.ts';
import { useHydrated } from '../ssr/use-hydrated.ts';

/** Every favourites query: the ids (the hearts) and the profile's list pages. */
export const FAVOURITES_KEY = ['favourites'] as const;
const IDS_KEY = [...FAVOURITES_KEY, 'ids'] as const;

/** GET /api/v1/favourites/ids: the profile ids of every teacher the signed-in student saved. */
export function getFavouriteIds(signal?: AbortSignal): Promise<FavouriteIdsResponse> {
  return apiRequest('/api/v1/favourites/ids', (contract) => contract.favouriteIdsResponseSchema, { signal });
}

/** GET /api/v1/favourites: one page of the student's saved teachers, the newest first, in `lang`. */
export function getFavourites(
  query: { page: number; limit: number; lang: Language },
  signal?: AbortSignal,
): Promise<FavouritesResponse> {
  return apiRequest('/api/v1/favourites', (contract) => contract.favouritesResponseSchema, { query, signal });
}

/** PUT (save) or DELETE (take back) /api/v1/favourites/{teacherProfileId}: 204 either way. */
export async function setFavourite(teacherProfileId: number, saved: boolean): Promise<void> {
  await apiRequest(`/api/v1/favourites/${teacherProfileId}`, (contract) => contract.noContentSchema, {
    method: saved ? 'PUT' : 'DELETE',
  });
}

/**
 * Who may save teachers, as the page can tell: `guest` (and everyone until hydrated, so the
 * server's HTML and the hydrating render agree), `student`, or `other` (a teacher or an admin).
 */
export function useFavouriteViewer(): 'guest' | 'student' | 'other' {
  const hydrated = useHydrated();
  const { user, isAuthenticated } = useAuth();
  if (!hydrated || !isAuthenticated || !user) return 'guest';
  return user.role.id === ROLE.student ? 'student' : 'other';
}

/** The saved teachers' ids of the signed-in student (one request for every heart on the page). */
export function useFavouriteIds(enabled: boolean) {
  return useQuery({
    queryKey: IDS_KEY,
    queryFn: ({ signal }) => getFavouriteIds(signal),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * Saves or takes back a teacher at once in the hearts (optimistic); on a failure the hearts go back
 * as they were and `onError` is called (the button's toast). The profile's list reloads after.
 */
export function useToggleFavourite(onError: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teacherId, saved }: { teacherId: number; saved: boolean }) => setFavourite(teacherId, saved),
    onMutate: async ({ teacherId, saved }) => {
      await queryClient.cancelQueries({ queryKey: IDS_KEY });
      const before = queryClient.getQueryData<FavouriteIdsResponse>(IDS_KEY);
      const others = (before?.teacherProfileIds ?? []).filter((id) => id !== teacherId);
      queryClient.setQueryData<FavouriteIdsResponse>(IDS_KEY, {
        teacherProfileIds: saved ? [teacherId, ...others] : others,
      });
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(IDS_KEY, context.before);
      else void queryClient.invalidateQueries({ queryKey: IDS_KEY });
      onError();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: FAVOURITES_KEY }),
  });
}

/** The profile's "Favourite teachers": the first FAVOURITES_PAGE_MAX saved teachers, the newest first. */
export function useFavourites(lang: Language) {
  return useQuery({
    queryKey: [...FAVOURITES_KEY, 'list', lang] as const,
    queryFn: ({ signal }) => getFavourites({ page: 1, limit: FAVOURITES_PAGE_MAX, lang }, signal),
    staleTime: 30_000,
  });
}
