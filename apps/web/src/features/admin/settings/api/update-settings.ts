import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminSettings, type AdminSettingsBody, adminSettingsResponseSchema } from '@ustaz/contract';
import { STORAGE_KEYS } from '@ustaz/contract/constants';
import { apiRequest } from '../../../../shared/http/client.ts';
import { resetSettingsMemory, websiteSettingsQueryKey } from '../../../../shared/settings/api.ts';
import { ADMIN_SETTINGS_QUERY_KEY } from './get-settings.ts';

/**
 * PUT /api/v1/admin/settings: replaces every setting. `version` is the one the admin edited;
 * 409 `versionConflict` when someone saved meanwhile. 422 field codes.
 */
export async function updateSettings(body: AdminSettingsBody): Promise<AdminSettings> {
  const answer = await apiRequest<unknown>('/api/v1/admin/settings', { method: 'PUT', body });
  return adminSettingsResponseSchema.parse(answer).settings;
}

/**
 * The site keeps its settings 5 minutes in memory and in local storage: this tab forgets both
 * copies so its own site pages (and this dashboard's title) load the new ones at once. Other
 * visitors pick them up when their copy expires.
 */
function forgetSiteSettings() {
  resetSettingsMemory();
  try {
    window.localStorage.removeItem(STORAGE_KEYS.websiteSettings);
  } catch {
    // Blocked storage holds no copy.
  }
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(ADMIN_SETTINGS_QUERY_KEY, settings);
      forgetSiteSettings();
      return queryClient.invalidateQueries({ queryKey: websiteSettingsQueryKey });
    },
  });
}
