import type { AdminPackageBody } from '@ustaz/contract';
import { apiRequest } from '../../../../shared/http/client.ts';
import { useAdminMutation } from '../../ui/admin-query.ts';
import { ADMIN_PACKAGES_QUERY_KEY } from './get-packages.ts';

/** POST /api/v1/admin/packages: a new subscription package. 422 field codes. */
export function useCreatePackage() {
  return useAdminMutation(
    async (body: AdminPackageBody) =>
      (
        await apiRequest('/api/v1/admin/packages', (contract) => contract.adminPackageResponseSchema, {
          method: 'POST',
          body,
        })
      ).package,
    [ADMIN_PACKAGES_QUERY_KEY],
  );
}
