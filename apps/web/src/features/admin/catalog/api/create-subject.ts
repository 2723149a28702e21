import type { AdminSubjectBody } from '@ustaz/contract';
import { useAdminMutation } from '../../ui/admin-mutation.ts';
import { ADMIN_SUBJECTS_QUERY_KEY, SUBJECT_ROW } from './get-subjects.ts';

/** POST /api/v1/admin/subjects: a new subject. 422 `nameEn: 'alreadyExists'` for a duplicate English name. */
export function useCreateSubject() {
  return useAdminMutation((body: AdminSubjectBody) => SUBJECT_ROW.create(body), [ADMIN_SUBJECTS_QUERY_KEY]);
}
