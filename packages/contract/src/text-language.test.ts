import { describe, expect, it } from 'vitest';
import { textLanguage } from './text-language.ts';

describe('textLanguage', () => {
  it('Arabic letters anywhere make a text Arabic', () => {
    expect(textLanguage('شرح واضح ومبسط')).toBe('ar');
    expect(textLanguage('Great lesson, شكراً')).toBe('ar');
    // Persian and Urdu letters, and the presentation forms, are Arabic script too.
    expect(textLanguage('گ')).toBe('ar');
    expect(textLanguage('\uFEFB')).toBe('ar');
  });

  it('Latin, digits, punctuation or nothing: English', () => {
    expect(textLanguage('Clear explanations and very patient.')).toBe('en');
    expect(textLanguage('')).toBe('en');
    expect(textLanguage('5/5 !!!')).toBe('en');
    // Arabic-Indic digits, the Arabic comma and question mark and a diacritic are no letters.
    expect(textLanguage('٥ ، ؟ \u064B')).toBe('en');
  });
});
