import { useQuery } from '@tanstack/react-query';
import type { AdminPackage } from '@ustaz/contract';
import { apiRequest } from '../../../../shared/http/client.ts';
import { adminRow } from '../../ui/admin-mutation.ts';

export const ADMIN_PACKAGES_QUERY_KEY = ['admin', 'packages'] as const;

/** The writes of a package (answered as `{ package }`). */
export const PACKAGE_ROW = adminRow(
  '/api/v1/admin/packages',
  (contract) => contract.adminPackageResponseSchema,
  'package',
);

/** GET /api/v1/admin/packages: every subscription package, inactive ones too, in sort order. */
export async function getAdminPackages(signal?: AbortSignal): Promise<AdminPackage[]> {
  return (await apiRequest('/api/v1/admin/packages', (contract) => contract.adminPackagesResponseSchema, { signal }))
    .data;
}

export function useAdminPackages() {
  return useQuery({ queryKey: ADMIN_PACKAGES_QUERY_KEY, queryFn: ({ signal }) => getAdminPackages(signal) });
}
