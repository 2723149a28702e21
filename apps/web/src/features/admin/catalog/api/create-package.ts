import type { AdminPackageBody } from '@ustaz/contract';
import { useAdminMutation } from '../../ui/admin-mutation.ts';
import { ADMIN_PACKAGES_QUERY_KEY, PACKAGE_ROW } from './get-packages.ts';

/** POST /api/v1/admin/packages: a new subscription package. 422 field codes. */
export function useCreatePackage() {
  return useAdminMutation((body: AdminPackageBody) => PACKAGE_ROW.create(body), [ADMIN_PACKAGES_QUERY_KEY]);
}
