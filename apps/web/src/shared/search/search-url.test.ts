import { describe, expect, it } from 'vitest';
import {
  applySearchText,
  buildFilterSearchUrl,
  buildSearchUrl,
  isSearchPage,
  readSearchFilters,
} from './search-url.ts';

const onSearch = (search: string) => ({ pathname: '/en/search', search });
const onHome = { pathname: '/ar', search: '' };

describe('applySearchText', () => {
  it('trims the text into q', () => {
    expect(applySearchText('', '  physics  ').toString()).toBe('q=physics');
  });

  it('removes q for empty or blank text', () => {
    expect(applySearchText('?q=maths&subject=3', '   ').toString()).toBe('subject=3');
    expect(applySearchText('?q=maths', '').has('q')).toBe(false);
  });

  it('keeps the other parameters and drops the page when q changes', () => {
    const params = applySearchText('?subject=3&customSubjects=a%2Cb&minRating=4&page=3&q=old', 'new');
    expect(params.get('q')).toBe('new');
    expect(params.get('subject')).toBe('3');
    expect(params.get('customSubjects')).toBe('a,b');
    expect(params.get('minRating')).toBe('4');
    expect(params.has('page')).toBe(false);
  });

  it('keeps the page when the text is the same', () => {
    expect(applySearchText('?q=old&page=3', ' old ').get('page')).toBe('3');
  });
});

describe('buildSearchUrl', () => {
  it('on the search page, updates q in place with history replace and keeps the other parameters', () => {
    expect(buildSearchUrl(onSearch('?mostFamous=true&q=a'), 'en', ' chemistry ')).toEqual({
      to: '/en/search?mostFamous=true&q=chemistry',
      replace: true,
    });
  });

  it('on the search page, empty text removes q (and gives the bare path when nothing is left)', () => {
    expect(buildSearchUrl(onSearch('?q=maths&subject=2'), 'en', '')).toEqual({
      to: '/en/search?subject=2',
      replace: true,
    });
    expect(buildSearchUrl(onSearch('?q=maths'), 'en', '  ')).toEqual({ to: '/en/search', replace: true });
  });

  it('does nothing when the address already holds the text', () => {
    expect(buildSearchUrl(onSearch('?q=maths'), 'en', 'maths ')).toBeNull();
    expect(buildSearchUrl(onSearch(''), 'en', '')).toBeNull();
  });

  it('from another page, opens the language search page with only q, as a new history entry', () => {
    expect(buildSearchUrl({ pathname: '/ar', search: '?utm=x' }, 'ar', ' رياضيات ')).toEqual({
      to: `/ar/search?q=${encodeURIComponent('رياضيات')}`,
      replace: false,
    });
  });

  it('from another page, empty text goes nowhere', () => {
    expect(buildSearchUrl(onHome, 'ar', '   ')).toBeNull();
  });

  it('treats the other language search page as another page', () => {
    expect(buildSearchUrl({ pathname: '/ar/search', search: '?subject=1' }, 'en', 'x')).toEqual({
      to: '/en/search?q=x',
      replace: false,
    });
  });
});

describe('filters', () => {
  it('reads only the filter fields from the address', () => {
    expect(readSearchFilters('?q=x&minRating=4&availableOn=2025-05-01&page=2&subject=1&sortBy=')).toEqual({
      minRating: '4',
      availableOn: '2025-05-01',
    });
  });

  it('on the search page sets and removes the given filters, keeps the rest and replaces', () => {
    const target = buildFilterSearchUrl(
      onSearch('?subject=3&minRating=2&maxHourlyRate=20&page=4'),
      'en',
      { minRating: 4, maxHourlyRate: undefined, minExperience: '' },
      'maths',
    );
    expect(target.replace).toBe(true);
    const url = new URL(target.to, 'http://x');
    expect(url.pathname).toBe('/en/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({ subject: '3', minRating: '4', q: 'maths' });
  });

  it('from home opens the search page with the text and the filters, as a new entry', () => {
    expect(buildFilterSearchUrl(onHome, 'ar', { minExperience: 3, sortBy: 'averageRating' }, ' ')).toEqual({
      to: '/ar/search?minExperience=3&sortBy=averageRating',
      replace: false,
    });
  });

  it('recognises the search page with or without a trailing slash', () => {
    expect(isSearchPage('/en/search/', 'en')).toBe(true);
    expect(isSearchPage('/en/searching', 'en')).toBe(false);
  });
});
