import { STORAGE_KEYS, TIMINGS } from '@ustaz/contract/constants';
import { FALLBACK_WEBSITE_SETTINGS } from '@ustaz/contract/settings-defaults';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderOnServer } from '../entry-server-test-support.ts';
import { loadWebsiteSettings, resetSettingsMemory } from '../shared/settings/api.ts';
import type { ServerRenderData } from '../shared/ssr/server-render-data.ts';
import { createQueryClient } from './app.tsx';

const SERVER_SETTINGS = { ...FALLBACK_WEBSITE_SETTINGS, id: 9, appName: 'أستاذ الكويت', version: 4 };

/** A page the server drew (the about page reads nothing but the settings), as the browser reads its data block. */
async function serverPage(language: 'ar' | 'en') {
  const out = await renderOnServer({
    url: `/${language}/about`,
    language,
    settings: SERVER_SETTINGS,
    apiFetch: async () => Response.json({ status: 404, message: 'Not found' }, { status: 404 }),
  });
  if (!out) throw new Error('not rendered');
  return JSON.parse(out.data) as ServerRenderData;
}

beforeEach(() => {
  resetSettingsMemory();
  localStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe('website_settings after a server-rendered page (issue 30 item 22)', () => {
  it.each(['ar', 'en'] as const)('%s: the settings the page came with are stored, timestamped', async (language) => {
    const data = await serverPage(language);
    expect(localStorage.getItem(STORAGE_KEYS.websiteSettings)).toBeNull();
    const before = Date.now();
    createQueryClient(data.queries);
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.websiteSettings) ?? 'null');
    expect(stored?.data).toEqual(SERVER_SETTINGS);
    expect(stored?.timestamp).toBeGreaterThanOrEqual(before);
  });

  it('so a later visit with the server down falls back to that copy, not to the defaults', async () => {
    createQueryClient((await serverPage('ar')).queries);
    resetSettingsMemory();
    const later = Date.now() + TIMINGS.settingsStorageCacheMs + 60_000;
    const loaded = await loadWebsiteSettings({
      fetchSettings: () => Promise.reject(new TypeError('Failed to fetch')),
      storage: localStorage,
      now: () => later,
    });
    expect(loaded).toEqual({ settings: SERVER_SETTINGS, source: 'stale-storage', fromCache: true });
  });
});
