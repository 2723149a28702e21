import type { WebsiteSettings } from '@ustaz/contract';
import { FALLBACK_WEBSITE_SETTINGS } from '@ustaz/contract/settings-defaults';
import { checkedBy } from '../http/client.ts';

/**
 * Checks that a value has the shape of the website settings, field by field against the
 * contract's fallback object (a null there means "string or null"). It keeps zod out of the first
 * bundle: the settings are read on every page before anything else.
 */
function matches(value: unknown, template: unknown): boolean {
  if (template === null) return value === null || typeof value === 'string';
  if (typeof template !== 'object') return typeof value === typeof template;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return Object.entries(template as Record<string, unknown>).every(([key, inner]) => matches(record[key], inner));
}

export function isWebsiteSettings(value: unknown): value is WebsiteSettings {
  return matches(value, FALLBACK_WEBSITE_SETTINGS);
}

/** GET /api/settings/website's answer (the contract's websiteSettingsSchema), checked without zod. */
export const websiteSettingsShape = checkedBy(isWebsiteSettings);
