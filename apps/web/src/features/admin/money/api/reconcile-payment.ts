import type { ReconciliationResponse } from '@ustaz/contract';
import { apiRequest } from '../../../../shared/http/client.ts';
import { ADMIN_AUDIT_QUERY_KEY } from '../../moderation/api/get-audit.ts';
import { ADMIN_RESERVATIONS_QUERY_KEY } from '../../moderation/api/get-reservations.ts';
import { ADMIN_OVERVIEW_QUERY_KEY } from '../../overview/api/get-overview.ts';
import { useAdminMutation } from '../../ui/admin-mutation.ts';
import { ADMIN_USERS_QUERY_KEY } from '../../users/api/get-users.ts';
import { ADMIN_LEDGER_QUERY_KEY } from './get-ledger.ts';
import { ADMIN_PAYMENTS_QUERY_KEY } from './get-payments.ts';
import { ADMIN_RECONCILIATION_QUERY_KEY } from './get-reconciliation.ts';

/**
 * POST /api/v1/admin/payments/:id/reconcile: settles one payment from the gateway's answer, as the
 * sweeper would (at most once). A final payment comes back unchanged; 409 paymentMismatch when
 * the gateway reports another amount, 502 gatewayError when it does not answer.
 */
export function useReconcilePayment() {
  return useAdminMutation(
    async (id: string) =>
      (
        await apiRequest(
          `/api/v1/admin/payments/${encodeURIComponent(id)}/reconcile`,
          (contract) => contract.reconcilePaymentResponseSchema,
          {
            method: 'POST',
          },
        )
      ).payment,
    [
      ADMIN_PAYMENTS_QUERY_KEY,
      ADMIN_LEDGER_QUERY_KEY,
      // A booking paid at last confirms its reservation.
      ADMIN_RESERVATIONS_QUERY_KEY,
      ADMIN_USERS_QUERY_KEY,
      ADMIN_OVERVIEW_QUERY_KEY,
      ADMIN_AUDIT_QUERY_KEY,
    ],
    // The settled payment leaves every reconciliation report at once; the report is not asked
    // again (that would ask the gateways about every payment once more).
    (payment, queryClient) =>
      queryClient.setQueriesData<ReconciliationResponse>({ queryKey: ADMIN_RECONCILIATION_QUERY_KEY }, (report) =>
        report ? { ...report, data: report.data.filter((row) => row.payment.id !== payment.id) } : report,
      ),
  );
}
