import type { AdminPackageBody } from '@ustaz/contract';
import { apiRequest } from '../../../../shared/http/client.ts';
import { useAdminMutation } from '../../ui/admin-query.ts';
import { ADMIN_PACKAGES_QUERY_KEY } from './get-packages.ts';

export type AdminPackagePatch = Partial<AdminPackageBody>;

/** PATCH /api/v1/admin/packages/:id: any of the fields; `{ isActive: false }` takes it off sale. */
export function useUpdatePackage() {
  return useAdminMutation(
    async ({ id, body }: { id: number; body: AdminPackagePatch }) =>
      (
        await apiRequest(`/api/v1/admin/packages/${id}`, (contract) => contract.adminPackageResponseSchema, {
          method: 'PATCH',
          body,
        })
      ).package,
    [ADMIN_PACKAGES_QUERY_KEY],
  );
}
