import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminPackage, type AdminPackageBody, adminPackageResponseSchema } from '@ustaz/contract';
import { apiRequest } from '../../../../shared/http/client.ts';
import { ADMIN_PACKAGES_QUERY_KEY } from './get-packages.ts';

export type AdminPackagePatch = Partial<AdminPackageBody>;

/** PATCH /api/v1/admin/packages/:id: any of the fields; `{ isActive: false }` takes it off sale. */
export async function updatePackage(id: number, body: AdminPackagePatch): Promise<AdminPackage> {
  return (await apiRequest(`/api/v1/admin/packages/${id}`, adminPackageResponseSchema, { method: 'PATCH', body }))
    .package;
}

export function useUpdatePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AdminPackagePatch }) => updatePackage(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_PACKAGES_QUERY_KEY }),
  });
}
