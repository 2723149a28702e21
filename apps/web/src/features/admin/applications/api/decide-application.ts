import { apiRequest } from '../../../../shared/http/client.ts';
import { ADMIN_AUDIT_QUERY_KEY } from '../../moderation/api/get-audit.ts';
import { APPROVAL_CHANGES } from '../../teachers/api/get-teachers.ts';
import { useAdminMutation } from '../../ui/admin-mutation.ts';
import { ADMIN_APPLICATIONS_QUERY_KEY } from './get-applications.ts';

/** What a decision changes: the queue (and its badge), the teachers, users and overview, the audit log. */
const DECISION_CHANGES = [ADMIN_APPLICATIONS_QUERY_KEY, ...APPROVAL_CHANGES, ADMIN_AUDIT_QUERY_KEY];

/**
 * POST /api/v1/admin/teacher-applications/:id/approve, or /reject `{ reason }`: the applicant is
 * told either way. 409 applicationNotPending when it was already decided.
 */
export function useDecideApplication() {
  return useAdminMutation(
    ({ id, reason }: { id: number; reason?: string }) =>
      apiRequest(
        `/api/v1/admin/teacher-applications/${id}/${reason === undefined ? 'approve' : 'reject'}`,
        (contract) => contract.adminTeacherApplicationResponseSchema,
        { method: 'POST', ...(reason === undefined ? {} : { body: { reason } }) },
      ),
    DECISION_CHANGES,
  );
}
