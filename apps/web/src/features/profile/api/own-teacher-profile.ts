import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnTeacherProfile, TeacherProfilePatch } from '@ustaz/contract';
import { apiRequest } from '../../../shared/http/client.ts';

/** The teacher's own profile and meter, per language (bio, major and subject names come in it). */
export const OWN_TEACHER_QUERY_KEY = ['profile', 'ownTeacher'] as const;

/** GET /api/teachers/profiles/me: the signed-in teacher's profile (listed or not) with both bios and the time zone. */
export function useOwnTeacherProfile(language: string) {
  return useQuery({
    queryKey: [...OWN_TEACHER_QUERY_KEY, 'profile', language],
    queryFn: ({ signal }) =>
      apiRequest('/api/teachers/profiles/me', (contract) => contract.ownTeacherProfileSchema, { signal }),
  });
}

/** GET /api/v1/teachers/me/completeness: what the profile has and lacks (photo, bios, video, subjects, open slots). */
export function useTeacherCompleteness() {
  return useQuery({
    queryKey: [...OWN_TEACHER_QUERY_KEY, 'completeness'],
    queryFn: ({ signal }) =>
      apiRequest('/api/v1/teachers/me/completeness', (contract) => contract.teacherCompletenessSchema, { signal }),
  });
}

/**
 * PATCH /api/teachers/profiles/{id}: 200 the own profile; 403 another's; 422 field codes
 * (`hourlyRate: 'tooBig'`, `videoUrl: 'invalid'`, `subjectIds: 'notFound'`, `timeZone: 'invalidTimeZone'`).
 * `major` is written in the request language.
 */
export function useUpdateTeacherProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TeacherProfilePatch }): Promise<OwnTeacherProfile> =>
      apiRequest(`/api/teachers/profiles/${id}`, (contract) => contract.ownTeacherProfileSchema, {
        method: 'PATCH',
        body,
      }),
    // The teacher's own answers, any search that shows the card, and the availability editor's
    // copy of the rate and time zone and its slots (repriced with applyToOpenSlots): all by key prefix.
    onSuccess: () =>
      Promise.all(
        [OWN_TEACHER_QUERY_KEY, ['teachers'], ['availability']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
