import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@ustaz/contract/constants';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { i18nOptions } from '../shared/i18n/i18n.ts';
import { numberFormatter } from '../shared/i18n/number-interpolation.ts';
import { createInstance as createLite } from './i18n-lite.ts';

/**
 * ADR 038: the islands' i18n answers every key of every locale file as i18next does with the
 * app's options (plurals of each count, interpolated numbers and texts, nested objects), so an
 * island hydrates the server's text as it is.
 */
const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public/locales');
type Texts = Record<string, unknown>;
const PLURAL = /_(zero|one|two|few|many|other)$/;
const COUNTS = [0, 1, 2, 3, 5, 11, 100, 101, 1.5];

function leaves(node: unknown, prefix: string, into: Map<string, string[]>) {
  if (node === null || typeof node !== 'object') {
    const base = prefix.replace(PLURAL, '');
    const names = typeof node === 'string' ? [...node.matchAll(/{{(.+?)}}/g)].map((m) => (m[1] ?? '').trim()) : [];
    into.set(base, [...new Set([...(into.get(base) ?? []), ...names])]);
    return;
  }
  for (const [key, inner] of Object.entries(node as Texts)) leaves(inner, prefix ? `${prefix}.${key}` : key, into);
}

describe.each(LANGUAGES)('%s: the islands i18n against i18next', (lang) => {
  const resources: Record<string, Texts> = {};
  for (const file of readdirSync(path.join(localesDir, lang)).filter((name) => name.endsWith('.json')))
    resources[file.replace(/\.json$/, '')] = JSON.parse(readFileSync(path.join(localesDir, lang, file), 'utf8'));

  it('answers every key, with and without counts and values, as i18next does', async () => {
    const real = createInstance();
    real.use(numberFormatter);
    await real.init({
      ...i18nOptions(lang),
      ns: Object.keys(resources),
      resources: { [lang]: resources },
      initAsync: false,
    });
    const lite = createLite();
    lite.use(numberFormatter);
    await lite.init({
      ...(i18nOptions(lang) as { lng: string; defaultNS: string }),
      ns: Object.keys(resources),
      resources: { [lang]: resources },
    });

    let compared = 0;
    for (const [ns, texts] of Object.entries(resources)) {
      const keys = new Map<string, string[]>();
      leaves(texts, '', keys);
      const fixedReal = real.getFixedT(null, ns as never);
      const fixedLite = lite.getFixedT(null, ns);
      for (const [key, names] of keys) {
        const variants: Record<string, unknown>[] = [{}, ...COUNTS.map((count) => ({ count }))];
        if (names.length > 0) {
          variants.push(Object.fromEntries(names.map((name) => [name, 1234.5])));
          variants.push(Object.fromEntries(names.map((name) => [name, 'نص text'])));
          variants.push({ ...Object.fromEntries(names.map((name) => [name, 7])), count: 7 });
        }
        for (const options of variants) {
          const want = (fixedReal as (k: string, o: object) => unknown)(key, options);
          expect(fixedLite(key, options), `${ns}:${key} ${JSON.stringify(options)}`).toEqual(want);
          expect(lite.t(`${ns}:${key}`, options)).toEqual(want);
          compared++;
        }
      }
      // Whole objects (a list of slides, the FAQ): every member translated.
      for (const [key, node] of Object.entries(texts))
        if (node !== null && typeof node === 'object') {
          const want = (fixedReal as (k: string, o: object) => unknown)(key, { returnObjects: true });
          expect(fixedLite(key, { returnObjects: true }), `${ns}:${key} as an object`).toEqual(want);
          compared++;
        }
    }
    expect(compared).toBeGreaterThan(5_000);
  });
});
