import { describe, expect, it } from 'vitest';
import { directionOf, isLanguage, LANGUAGES } from './constants.ts';
import { websiteSettingsSchema } from './settings.ts';
import { FALLBACK_WEBSITE_SETTINGS } from './settings-defaults.ts';

describe('languages', () => {
  it('accepts only ar and en', () => {
    expect(LANGUAGES).toEqual(['ar', 'en']);
    expect(isLanguage('ar')).toBe(true);
    expect(isLanguage('en')).toBe(true);
    expect(isLanguage('fr')).toBe(false);
    expect(isLanguage('AR')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });
  it('maps Arabic to right-to-left', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
  });
});

describe('fallback website settings', () => {
  it('is a valid settings object with the spec defaults', () => {
    const parsed = websiteSettingsSchema.parse(FALLBACK_WEBSITE_SETTINGS);
    expect(parsed.additional).toEqual({ enableRegistration: true, maxUploadSize: 10 * 1024 * 1024 });
    expect(parsed.appName).toMatch(/[\u0600-\u06FF]/);
    expect(parsed.defaultTitle).toMatch(/[\u0600-\u06FF]/);
  });
});
