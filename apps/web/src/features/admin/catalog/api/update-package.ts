import type { AdminPackageBody } from '@ustaz/contract';
import { useAdminMutation } from '../../ui/admin-mutation.ts';
import { ADMIN_PACKAGES_QUERY_KEY, PACKAGE_ROW } from './get-packages.ts';

export type AdminPackagePatch = Partial<AdminPackageBody>;

/** PATCH /api/v1/admin/packages/:id: any of the fields; `{ isActive: false }` takes it off sale. */
export function useUpdatePackage() {
  return useAdminMutation(
    ({ id, body }: { id: number; body: AdminPackagePatch }) => PACKAGE_ROW.patch(id, body),
    [ADMIN_PACKAGES_QUERY_KEY],
  );
}
