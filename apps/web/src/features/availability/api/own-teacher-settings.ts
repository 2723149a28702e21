import { useQuery } from '@tanstack/react-query';
import type { User } from '@ustaz/contract';
import { apiRequest } from '../../../shared/http/client.ts';

export type OwnTeacherSettings = {
  /** KWD string: the default-price hint of a new slot. */
  hourlyRate: string;
  /** The IANA zone the teacher enters and reads times in. */
  timeZone: string;
  /** The 30-minute trial's price (issue 32), null when the teacher offers none. */
  trialPrice: string | null;
};

/**
 * The signed-in teacher's hourly rate and time zone from their own profile
 * (`GET /api/teachers/profiles/me`, listed or not); null while unknown.
 */
export function useOwnTeacherSettings(user: Pick<User, 'id'> | null): OwnTeacherSettings | null {
  const query = useQuery({
    queryKey: ['availability', 'ownProfile', user?.id ?? null],
    queryFn: ({ signal }) =>
      apiRequest('/api/teachers/profiles/me', (contract) => contract.ownTeacherProfileSchema, { signal }),
    enabled: user !== null,
    staleTime: 5 * 60_000,
    retry: false,
    select: (profile): OwnTeacherSettings => ({
      hourlyRate: profile.hourlyRate,
      timeZone: profile.timeZone,
      trialPrice: profile.trialPrice,
    }),
  });
  return query.data ?? null;
}
