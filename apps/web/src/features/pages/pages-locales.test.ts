import { describe, expect, it } from 'vitest';
import arPages from '../../../public/locales/ar/pages.json';
import enPages from '../../../public/locales/en/pages.json';

type Leaf = { path: string; value: unknown };

/** Every leaf of a JSON value with its path (`privacy.sections[2].items[0]`); arrays keep their indices. */
function leaves(value: unknown, path = ''): Leaf[] {
  if (Array.isArray(value)) {
    if (value.length === 0) return [{ path: `${path}[]`, value }];
    return value.flatMap((item, index) => leaves(item, `${path}[${index}]`));
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    if (entries.length === 0) return [{ path: `${path}{}`, value }];
    return entries.flatMap(([key, item]) => leaves(item, path ? `${path}.${key}` : key));
  }
  return [{ path, value }];
}

/** Array paths with their lengths, e.g. `terms.sections` -> 19. */
function arrayLengths(value: unknown, path = '', out = new Map<string, number>()): Map<string, number> {
  if (Array.isArray(value)) {
    out.set(path, value.length);
    for (const [index, item] of value.entries()) arrayLengths(item, `${path}[${index}]`, out);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) arrayLengths(item, path ? `${path}.${key}` : key, out);
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

function sectionIds(pages: unknown, page: 'privacy' | 'terms'): unknown[] {
  const sections = (pages as Record<string, { sections?: unknown }>)[page]?.sections;
  return Array.isArray(sections) ? sections.map((section: { id?: unknown }) => section.id) : [];
}

const ar = leaves(arPages);
const en = leaves(enPages);

describe('pages.json (ar and en)', () => {
  it('has the same key paths in both languages', () => {
    expect(ar.map((leaf) => leaf.path).sort()).toEqual(en.map((leaf) => leaf.path).sort());
  });

  it('has arrays of the same length in both languages', () => {
    expect(Object.fromEntries(arrayLengths(arPages))).toEqual(Object.fromEntries(arrayLengths(enPages)));
  });

  it('has the five pages and the shared labels at the top level', () => {
    expect(Object.keys(arPages).sort()).toEqual(['about', 'aboutPlatform', 'contact', 'privacy', 'shared', 'terms']);
  });

  it.each([
    ['ar', ar],
    ['en', en],
  ])('%s: every leaf is a non-empty string and there are no empty arrays or objects', (_language, list) => {
    const bad = list
      .filter((leaf) => typeof leaf.value !== 'string' || leaf.value.trim() === '')
      .map((leaf) => leaf.path);
    expect(bad).toEqual([]);
  });

  it('uses the same interpolation placeholders in both languages', () => {
    const enByPath = new Map(en.map((leaf) => [leaf.path, leaf.value]));
    for (const leaf of ar) {
      const other = enByPath.get(leaf.path);
      if (typeof leaf.value === 'string' && typeof other === 'string') {
        expect(placeholders(leaf.value), leaf.path).toEqual(placeholders(other));
      }
    }
  });

  it.each(['privacy', 'terms'] as const)(
    '%s: section ids are identical in both languages, unique and anchor-safe',
    (page) => {
      const ids = sectionIds(arPages, page);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids).toEqual(sectionIds(enPages, page));
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(id).toMatch(/^[a-z0-9][a-z0-9-]*$/);
    },
  );

  it('states the update date and the 24-hour cancellation rule in both languages', () => {
    expect(arPages.privacy.updated).toContain('٢١ نوفمبر ٢٠٢٦');
    expect(enPages.privacy.updated).toContain('21 November 2026');
    const cancellation = (pages: typeof enPages) =>
      pages.terms.sections.find((section) => section.id === 'cancellation');
    expect(JSON.stringify(cancellation(enPages))).toContain('24 hours');
    expect(JSON.stringify(cancellation(arPages))).toContain('٢٤ ساعة');
  });
});
