import { websiteSettingsSchema } from '@ustaz/contract';
import { FALLBACK_WEBSITE_SETTINGS } from '@ustaz/contract/settings-defaults';
import { describe, expect, it } from 'vitest';
import { isWebsiteSettings } from './settings-shape.ts';

const valid = { ...FALLBACK_WEBSITE_SETTINGS, id: 3, facebookUrl: 'https://facebook.com/x', contactEmail: 'a@b.c' };

describe('isWebsiteSettings', () => {
  it('accepts what the contract schema accepts', () => {
    expect(websiteSettingsSchema.safeParse(valid).success).toBe(true);
    expect(isWebsiteSettings(valid)).toBe(true);
    expect(isWebsiteSettings({ ...valid, extra: 1 })).toBe(true);
  });

  it('refuses wrong or missing fields, nested ones too', () => {
    expect(isWebsiteSettings(null)).toBe(false);
    expect(isWebsiteSettings([])).toBe(false);
    expect(isWebsiteSettings({ ...valid, appName: 5 })).toBe(false);
    expect(isWebsiteSettings({ ...valid, facebookUrl: 7 })).toBe(false);
    const { defaultTitle: _omitted, ...missing } = valid;
    expect(isWebsiteSettings(missing)).toBe(false);
    expect(isWebsiteSettings({ ...valid, additional: { ...valid.additional, enableRegistration: 'yes' } })).toBe(false);
    expect(isWebsiteSettings({ ...valid, customScripts: null })).toBe(false);
  });
});
