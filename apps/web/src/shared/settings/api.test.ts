import { FALLBACK_WEBSITE_SETTINGS, STORAGE_KEYS, type WebsiteSettings } from '@ustaz/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../http/client.ts';
import { mockApi, ok } from '../test/mock-api.ts';
import { loadWebsiteSettings, resetSettingsMemory, SETTINGS_ERROR, type SettingsDeps } from './api.ts';
import { websiteSettingsShape } from './settings-shape.ts';

const server: WebsiteSettings = { ...FALLBACK_WEBSITE_SETTINGS, id: 7, appName: 'From server', version: 3 };
const MINUTE = 60_000;

function setup(fetchImpl: () => Promise<WebsiteSettings>, start = 1_000_000) {
  const data = new Map<string, string>();
  let clock = start;
  const fetchSettings = vi.fn(fetchImpl);
  const deps: SettingsDeps = {
    fetchSettings,
    storage: { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) },
    now: () => clock,
  };
  return {
    deps,
    data,
    fetchSettings,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

beforeEach(() => resetSettingsMemory());
describe('loadWebsiteSettings', () => {
  it('fetches, then serves from memory for 5 minutes, then fetches again', async () => {
    const t = setup(async () => server);
    expect(await loadWebsiteSettings(t.deps)).toEqual({ settings: server, source: 'network', fromCache: false });
    t.advance(4 * MINUTE);
    expect((await loadWebsiteSettings(t.deps)).source).toBe('memory');
    expect(t.fetchSettings).toHaveBeenCalledTimes(1);
    t.advance(2 * MINUTE);
    expect((await loadWebsiteSettings(t.deps)).source).toBe('network');
    expect(t.fetchSettings).toHaveBeenCalledTimes(2);
  });

  it('writes a timestamped copy to local storage under website_settings', async () => {
    const t = setup(async () => server);
    await loadWebsiteSettings(t.deps);
    const stored = JSON.parse(t.data.get(STORAGE_KEYS.websiteSettings) ?? '{}');
    expect(stored.data.appName).toBe('From server');
    expect(stored.timestamp).toBe(1_000_000);
  });

  it('uses a local copy younger than 5 minutes without fetching (new page load)', async () => {
    const t = setup(async () => server);
    t.data.set(
      STORAGE_KEYS.websiteSettings,
      JSON.stringify({ data: { ...server, appName: 'Stored' }, timestamp: 1_000_000 - MINUTE }),
    );
    const loaded = await loadWebsiteSettings(t.deps);
    expect(loaded).toMatchObject({ source: 'storage', fromCache: false });
    expect(loaded.settings.appName).toBe('Stored');
    expect(t.fetchSettings).not.toHaveBeenCalled();
  });

  it('falls back to an old local copy when the server fails, flagged as from cache', async () => {
    const t = setup(async () => {
      throw new Error('offline');
    });
    t.data.set(
      STORAGE_KEYS.websiteSettings,
      JSON.stringify({ data: { ...server, appName: 'Old' }, timestamp: 1_000_000 - 60 * MINUTE }),
    );
    const loaded = await loadWebsiteSettings(t.deps);
    expect(loaded).toMatchObject({ source: 'stale-storage', fromCache: true });
    expect(loaded.settings.appName).toBe('Old');
    expect(t.fetchSettings).toHaveBeenCalledTimes(1);
  });

  it('retries once without a local copy, and succeeds on the retry', async () => {
    let calls = 0;
    const t = setup(async () => {
      calls++;
      if (calls === 1) throw new Error('blip');
      return server;
    });
    expect((await loadWebsiteSettings(t.deps)).source).toBe('network');
    expect(t.fetchSettings).toHaveBeenCalledTimes(2);
  });

  it("applies the spec's fallback object as a whole after the retry fails too, without caching it", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let up = false;
    const t = setup(async () => {
      if (up) return server;
      throw new Error('down');
    });
    expect(await loadWebsiteSettings(t.deps)).toEqual({
      settings: FALLBACK_WEBSITE_SETTINGS,
      source: 'fallback',
      fromCache: false,
    });
    expect(t.fetchSettings).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith(SETTINGS_ERROR, expect.any(Error));
    expect(t.data.get(STORAGE_KEYS.websiteSettings)).toBeUndefined();
    // The next load asks the server again.
    up = true;
    expect(await loadWebsiteSettings(t.deps)).toMatchObject({ settings: server, source: 'network' });
    warn.mockRestore();
  });

  it('treats a malformed answer as a failure and ignores a corrupt local copy', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi({ 'GET /api/settings/website': ok({ nope: true }) });
    const t = setup(() => apiRequest('/api/settings/website', websiteSettingsShape));
    t.data.set(STORAGE_KEYS.websiteSettings, '{not json');
    expect((await loadWebsiteSettings(t.deps)).source).toBe('fallback');
    warn.mockRestore();
  });
});
