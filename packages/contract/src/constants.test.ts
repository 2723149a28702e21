import { describe, expect, it } from 'vitest';
import { passwordStrength } from './auth.ts';
import { directionOf, isKnownPagePath, isLanguage, LANGUAGES, matchPagePath, prefixedPath } from './constants.ts';
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
    expect(parsed.additional).toEqual({
      enableRegistration: true,
      maxUploadSize: 10 * 1024 * 1024,
      googleClientId: null,
      adminDashboardUrl: '/admin',
    });
    expect(parsed.appName).toMatch(/[\u0600-\u06FF]/);
    expect(parsed.defaultTitle).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('page routes', () => {
  it('knows the route table, with parameters, under a language', () => {
    expect(isKnownPagePath('/ar')).toBe(true);
    expect(isKnownPagePath('/en/teachers/12')).toBe(true);
    expect(isKnownPagePath('/ar/payment/failed')).toBe(true);
    expect(isKnownPagePath('/en/payment/pending')).toBe(true);
    expect(isKnownPagePath('/en/payment/whatever')).toBe(false);
    expect(isKnownPagePath('/ar/profile/edit')).toBe(true);
    expect(isKnownPagePath('/ar/nothing')).toBe(false);
    expect(isKnownPagePath('/en/teachers/12/more')).toBe(false);
    // Unprefixed paths are redirected by the app, not missing.
    expect(isKnownPagePath('/teachers')).toBe(true);
  });

  it('matches a prefixed path to its route and parameters', () => {
    expect(matchPagePath('/ar')).toEqual({ language: 'ar', route: '', params: {} });
    expect(matchPagePath('/en/teachers/12/')).toEqual({ language: 'en', route: 'teachers/:id', params: { id: '12' } });
    expect(matchPagePath('/en/chats/7')).toEqual({ language: 'en', route: 'chats/:userId', params: { userId: '7' } });
    expect(matchPagePath('/ar/admin/users/3')?.route).toBe('admin/users/:id');
    expect(matchPagePath('/en/payment/failed')?.params).toEqual({ result: 'failed' });
    expect(matchPagePath('/en/payment/whatever')).toBeNull();
    expect(matchPagePath('/teachers')).toBeNull();
  });

  it('puts an unprefixed path under a language, replacing a language-like prefix', () => {
    expect(prefixedPath('/', 'en')).toBe('/en');
    expect(prefixedPath('', 'ar')).toBe('/ar');
    expect(prefixedPath('/teachers/5', 'en')).toBe('/en/teachers/5');
    expect(prefixedPath('/fr/about', 'ar')).toBe('/ar/about');
    expect(prefixedPath('/en-US/search/', 'en')).toBe('/en/search');
    expect(prefixedPath('//evil.example', 'ar')).toBe('/ar/evil.example');
  });
});

describe('password strength', () => {
  it.each([
    ['', 0],
    ['abc', 1],
    ['abcdefgh', 2],
    ['Abcdefgh', 3],
    ['Abcdefg1', 4],
    ['Abcdef1!', 5],
  ])('scores one point per rule, 0 to 5: %j', (password, score) => {
    expect(passwordStrength(password)).toBe(score);
  });
});
