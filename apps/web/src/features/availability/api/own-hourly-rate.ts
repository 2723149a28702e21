import { useQuery } from '@tanstack/react-query';
import type { User } from '@ustaz/contract';
import { apiRequest } from '../../../shared/http/client.ts';

/**
 * The signed-in teacher's hourly rate (KWD string) from their own profile
 * (`GET /api/teachers/profiles/me`, listed or not), for the default-price hint of a new slot;
 * null while unknown.
 */
export function useOwnHourlyRate(user: Pick<User, 'id'> | null): string | null {
  const query = useQuery({
    queryKey: ['availability', 'ownProfile', user?.id ?? null],
    queryFn: ({ signal }) =>
      apiRequest('/api/teachers/profiles/me', (contract) => contract.teacherProfileSchema, { signal }),
    enabled: user !== null,
    staleTime: 5 * 60_000,
    retry: false,
    select: (profile) => profile.hourlyRate,
  });
  return query.data ?? null;
}
