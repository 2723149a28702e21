import { useQuery } from '@tanstack/react-query';
import type { AdminSettings } from '@ustaz/contract';
import { apiRequest } from '../../../../shared/http/client.ts';

export const ADMIN_SETTINGS_QUERY_KEY = ['admin', 'settings'] as const;

/** GET /api/v1/admin/settings: every editable website setting with its version. */
export async function getAdminSettings(signal?: AbortSignal): Promise<AdminSettings> {
  return (await apiRequest('/api/v1/admin/settings', (contract) => contract.adminSettingsResponseSchema, { signal }))
    .settings;
}

export function useAdminSettings() {
  return useQuery({
    queryKey: ADMIN_SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => getAdminSettings(signal),
    // The form holds the admin's edits: a background refetch must not replace them.
    refetchOnWindowFocus: false,
  });
}
