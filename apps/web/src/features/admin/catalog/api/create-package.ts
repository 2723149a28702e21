import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminPackage, type AdminPackageBody, adminPackageResponseSchema } from '@ustaz/contract';
import { apiRequest } from '../../../../shared/http/client.ts';
import { ADMIN_PACKAGES_QUERY_KEY } from './get-packages.ts';

/** POST /api/v1/admin/packages: a new subscription package. 422 field codes. */
export async function createPackage(body: AdminPackageBody): Promise<AdminPackage> {
  return (await apiRequest('/api/v1/admin/packages', adminPackageResponseSchema, { method: 'POST', body })).package;
}

export function useCreatePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_PACKAGES_QUERY_KEY }),
  });
}
