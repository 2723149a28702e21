import { useQuery } from '@tanstack/react-query';
import type { PublicUser, User } from '@ustaz/contract';
import { apiRequest } from '../../../shared/http/client.ts';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';

/**
 * GET /api/v1/auth/users/{id} (spec 7): another user's public profile (names in the page's
 * language, role, photo; never the e-mail), or one's own in full; 404 for an unknown or
 * suspended user.
 */
export function getUserProfile(userId: number, signal?: AbortSignal): Promise<User | PublicUser> {
  return apiRequest(`/api/v1/auth/users/${userId}`, (contract) => contract.userProfileResponseSchema, { signal });
}

export function useUserProfile(userId: number) {
  const language = useCurrentLanguage();
  return useQuery({
    queryKey: ['user-profile', userId, language],
    queryFn: ({ signal }) => getUserProfile(userId, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
