import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@ustaz/contract';
import { describe, expect, it } from 'vitest';

const localesDir = path.resolve(__dirname, '../../../public/locales');

function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => keyPaths(item, `${prefix}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
}

function load(language: string, file: string): unknown {
  return JSON.parse(readFileSync(path.join(localesDir, language, file), 'utf8'));
}

const namespaces = readdirSync(path.join(localesDir, 'ar')).filter((f) => f.endsWith('.json'));

describe('locale files', () => {
  it('exist for the same namespaces in every language', () => {
    for (const language of LANGUAGES) {
      expect(readdirSync(path.join(localesDir, language)).sort()).toEqual([...namespaces].sort());
    }
    expect(namespaces).toContain('common.json');
  });

  it.each(namespaces)('%s has the same keys in ar and en, and no empty string', (file) => {
    const ar = keyPaths(load('ar', file)).sort();
    const en = keyPaths(load('en', file)).sort();
    expect(en).toEqual(ar);
    for (const language of LANGUAGES) {
      const strings = JSON.stringify(load(language, file));
      expect(strings).not.toMatch(/:""/);
    }
  });

  it('Arabic files are written in Arabic', () => {
    for (const file of namespaces) {
      expect(JSON.stringify(load('ar', file))).toMatch(/[\u0600-\u06FF]/);
    }
  });
});
