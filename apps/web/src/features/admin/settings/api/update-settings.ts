import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminSettings, AdminSettingsBody } from '@ustaz/contract';
import { apiRequest } from '../../../../shared/http/client.ts';
import { forgetWebsiteSettings, websiteSettingsQueryKey } from '../../../../shared/settings/api.ts';
import { ADMIN_SETTINGS_QUERY_KEY } from './get-settings.ts';

/**
 * PUT /api/v1/admin/settings: replaces every setting. `version` is the one the admin edited;
 * 409 `versionConflict` when someone saved meanwhile. 422 field codes.
 */
export async function updateSettings(body: AdminSettingsBody): Promise<AdminSettings> {
  return (
    await apiRequest('/api/v1/admin/settings', (contract) => contract.adminSettingsResponseSchema, {
      method: 'PUT',
      body,
    })
  ).settings;
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(ADMIN_SETTINGS_QUERY_KEY, settings);
      // This tab's site pages (and the dashboard's title) load the new settings at once.
      forgetWebsiteSettings();
      return queryClient.invalidateQueries({ queryKey: websiteSettingsQueryKey });
    },
  });
}
