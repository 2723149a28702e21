import { STORAGE_KEYS } from '@ustaz/contract';
import { describe, expect, it } from 'vitest';
import {
  applyDocumentLanguage,
  localePath,
  readStoredLanguage,
  resolveLanguage,
  storeLanguage,
  storeLanguageChoice,
  switchLanguagePath,
} from './language.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

describe('resolveLanguage', () => {
  it('takes the language from a supported first segment, without redirect', () => {
    expect(resolveLanguage({ pathname: '/en/teachers' }, 'ar')).toEqual({ language: 'en', redirectTo: null });
    expect(resolveLanguage({ pathname: '/ar' }, 'en')).toEqual({ language: 'ar', redirectTo: null });
  });

  it('redirects a path without prefix to the stored language, keeping path, query and hash', () => {
    expect(resolveLanguage({ pathname: '/teachers', search: '?q=math', hash: '#top' }, 'en').redirectTo).toBe(
      '/en/teachers?q=math#top',
    );
    expect(resolveLanguage({ pathname: '/teachers/12' }, null).redirectTo).toBe('/ar/teachers/12');
  });

  it('redirects the root to ar when nothing is stored', () => {
    expect(resolveLanguage({ pathname: '/' }, null)).toEqual({ language: 'ar', redirectTo: '/ar' });
    expect(resolveLanguage({ pathname: '/', search: '?x=1' }, 'en').redirectTo).toBe('/en?x=1');
  });

  it('replaces an unsupported language prefix', () => {
    expect(resolveLanguage({ pathname: '/fr/about' }, null).redirectTo).toBe('/ar/about');
    expect(resolveLanguage({ pathname: '/en-US/search' }, 'en').redirectTo).toBe('/en/search');
    expect(resolveLanguage({ pathname: '/de' }, null).redirectTo).toBe('/ar');
  });
});

describe('stored language', () => {
  it('reads a supported stored language', () => {
    expect(readStoredLanguage(memoryStorage({ [STORAGE_KEYS.language]: 'en' }))).toBe('en');
  });
  it('resets an unsupported stored language to ar', () => {
    const storage = memoryStorage({ [STORAGE_KEYS.language]: 'fr' });
    expect(readStoredLanguage(storage)).toBe('ar');
    expect(storage.data.get(STORAGE_KEYS.language)).toBe('ar');
  });
  it('defaults to ar when nothing is stored, without writing', () => {
    const storage = memoryStorage();
    expect(readStoredLanguage(storage)).toBe('ar');
    expect(storage.data.size).toBe(0);
  });
  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readStoredLanguage(broken)).toBe('ar');
  });
});

describe('switchLanguagePath', () => {
  it('swaps only the first segment and keeps the rest', () => {
    expect(switchLanguagePath({ pathname: '/ar/teachers/5', search: '?tab=reviews', hash: '#r' }, 'en')).toBe(
      '/en/teachers/5?tab=reviews#r',
    );
    expect(switchLanguagePath({ pathname: '/en' }, 'ar')).toBe('/ar');
    expect(switchLanguagePath({ pathname: '/en/' }, 'ar')).toBe('/ar');
  });
});

describe('document language', () => {
  it('sets lang and dir together', () => {
    const root = document.createElement('html');
    applyDocumentLanguage('ar', root);
    expect([root.lang, root.dir]).toEqual(['ar', 'rtl']);
    applyDocumentLanguage('en', root);
    expect([root.lang, root.dir]).toEqual(['en', 'ltr']);
  });
  it('builds language-prefixed paths', () => {
    expect(localePath('ar')).toBe('/ar');
    expect(localePath('en', '/search')).toBe('/en/search');
    expect(localePath('en', 'about')).toBe('/en/about');
  });
});

describe('storeLanguage', () => {
  it('stores the language and mirrors it in the cookie the server reads for /', () => {
    const storage = memoryStorage();
    const doc = { cookie: '' };
    storeLanguage(storage, 'en', doc);
    expect(storage.data.get(STORAGE_KEYS.language)).toBe('en');
    expect(doc.cookie).toBe('lang=en; Path=/; Max-Age=31536000; SameSite=Lax');
  });

  it('mirrors the reset of an unsupported stored language too, and the cookie even when storage fails', () => {
    readStoredLanguage(memoryStorage({ [STORAGE_KEYS.language]: 'fr' }));
    expect(document.cookie).toContain('lang=ar');
    const doc = { cookie: '' };
    const full = {
      setItem: () => {
        throw new Error('quota');
      },
    };
    storeLanguage(full, 'en', doc);
    expect(doc.cookie).toMatch(/^lang=en;/);
  });
});

describe('storeLanguageChoice', () => {
  it('writes the switcher choice as a year-long cookie for the whole site', () => {
    const doc = { cookie: '' };
    storeLanguageChoice('en', doc);
    expect(doc.cookie).toBe('lang=en; Path=/; Max-Age=31536000; SameSite=Lax');
    storeLanguageChoice('ar', doc);
    expect(doc.cookie).toMatch(/^lang=ar;/);
  });
});
