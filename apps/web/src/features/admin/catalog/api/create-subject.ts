import type { AdminSubjectBody } from '@ustaz/contract';
import { apiRequest } from '../../../../shared/http/client.ts';
import { useAdminMutation } from '../../ui/admin-query.ts';
import { ADMIN_SUBJECTS_QUERY_KEY } from './get-subjects.ts';

/** POST /api/v1/admin/subjects: a new subject. 422 `nameEn: 'alreadyExists'` for a duplicate English name. */
export function useCreateSubject() {
  return useAdminMutation(
    async (body: AdminSubjectBody) =>
      (
        await apiRequest('/api/v1/admin/subjects', (contract) => contract.adminSubjectResponseSchema, {
          method: 'POST',
          body,
        })
      ).subject,
    [ADMIN_SUBJECTS_QUERY_KEY],
  );
}
