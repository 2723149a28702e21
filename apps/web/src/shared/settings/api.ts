import { useQuery } from '@tanstack/react-query';
import type { WebsiteSettings } from '@ustaz/contract';
import { STORAGE_KEYS, TIMINGS } from '@ustaz/contract/constants';
import { FALLBACK_WEBSITE_SETTINGS } from '@ustaz/contract/settings-defaults';
import { apiRequest } from '../http/client.ts';
import { isWebsiteSettings, websiteSettingsShape } from './settings-shape.ts';

export const SETTINGS_ERROR = 'Failed to fetch website settings from all sources';

/**
 * Where the settings came from: `network` (fresh from the server), `memory` or `storage`
 * (a copy younger than 5 minutes), or `stale-storage` (an older local copy used because the
 * server could not be reached; the cached-settings notice shows for this one), or `fallback` (the
 * spec's default settings object, when the server could not be reached and no copy exists).
 */
export type SettingsSource = 'network' | 'memory' | 'storage' | 'stale-storage' | 'fallback';
export type LoadedSettings = { settings: WebsiteSettings; source: SettingsSource; fromCache: boolean };

type StoredCopy = { data: WebsiteSettings; timestamp: number };

export type SettingsDeps = {
  fetchSettings: () => Promise<WebsiteSettings>;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  now: () => number;
};

let memory: StoredCopy | null = null;

/** For tests: forget the in-memory copy. */
export function resetSettingsMemory() {
  memory = null;
}

/**
 * Forgets both cached copies (memory and local storage), so the next load asks the server: the
 * admin's own tab after a settings change. Other visitors pick changes up when their copy expires.
 */
export function forgetWebsiteSettings(storage: Pick<Storage, 'removeItem'> | null = safeLocalStorage()) {
  memory = null;
  try {
    storage?.removeItem(STORAGE_KEYS.websiteSettings);
  } catch {
    // Blocked storage holds no copy.
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function readStored(storage: SettingsDeps['storage']): StoredCopy | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(STORAGE_KEYS.websiteSettings);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredCopy>;
    if (!isWebsiteSettings(parsed.data) || typeof parsed.timestamp !== 'number') return null;
    return { data: parsed.data, timestamp: parsed.timestamp };
  } catch {
    return null;
  }
}

function remember(copy: StoredCopy, storage: SettingsDeps['storage']) {
  memory = copy;
  try {
    storage?.setItem(STORAGE_KEYS.websiteSettings, JSON.stringify(copy));
  } catch {
    // A full or blocked storage only loses the cache.
  }
}

/**
 * The settings a server-rendered page (ADR 021) came with are what the server read for it: they are
 * kept as a fetched copy is (memory and `website_settings`), so spec 8's fallback to the stored
 * copy works for a visitor whose pages were all drawn by the server too.
 */
export function rememberServerSettings(
  loaded: LoadedSettings | undefined,
  deps: Pick<SettingsDeps, 'storage' | 'now'> = { storage: safeLocalStorage(), now: () => Date.now() },
) {
  if (loaded?.source !== 'network' || !isWebsiteSettings(loaded.settings)) return;
  remember({ data: loaded.settings, timestamp: deps.now() }, deps.storage);
}

/**
 * Spec 8 and 9: settings are cached 5 minutes in memory and in local storage (`website_settings`).
 * On a failed fetch the local copy is used whatever its age; without one the fetch is retried
 * once, and then the spec's fallback object (spec 3, `FALLBACK_WEBSITE_SETTINGS`) stands in as a
 * whole (not cached: the next load asks the server again). The spec's message
 * "Failed to fetch website settings from all sources" is logged.
 */
export async function loadWebsiteSettings(deps: SettingsDeps = defaultDeps()): Promise<LoadedSettings> {
  const now = deps.now();
  if (memory && now - memory.timestamp < TIMINGS.settingsMemoryCacheMs) {
    return { settings: memory.data, source: 'memory', fromCache: false };
  }
  const stored = readStored(deps.storage);
  if (stored && now - stored.timestamp < TIMINGS.settingsStorageCacheMs) {
    memory = stored;
    return { settings: stored.data, source: 'storage', fromCache: false };
  }
  try {
    const settings = await deps.fetchSettings();
    remember({ data: settings, timestamp: deps.now() }, deps.storage);
    return { settings, source: 'network', fromCache: false };
  } catch {
    if (stored) return { settings: stored.data, source: 'stale-storage', fromCache: true };
  }
  try {
    const settings = await deps.fetchSettings();
    remember({ data: settings, timestamp: deps.now() }, deps.storage);
    return { settings, source: 'network', fromCache: false };
  } catch (error) {
    console.warn(SETTINGS_ERROR, error);
    return { settings: FALLBACK_WEBSITE_SETTINGS, source: 'fallback', fromCache: false };
  }
}

function defaultDeps(): SettingsDeps {
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null;
  }
  return {
    fetchSettings: () => apiRequest('/api/settings/website', websiteSettingsShape),
    storage,
    now: () => Date.now(),
  };
}

export const websiteSettingsQueryKey = ['website-settings'] as const;

export function useWebsiteSettings() {
  return useQuery({
    queryKey: websiteSettingsQueryKey,
    queryFn: () => loadWebsiteSettings(),
    staleTime: TIMINGS.settingsMemoryCacheMs,
    // The loader already retries once (spec 8); a component mounting later (the lazy footer, a
    // page) must not start the failed load again.
    retry: false,
    retryOnMount: false,
  });
}
