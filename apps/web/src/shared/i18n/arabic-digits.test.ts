import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// One number style per language (README.md in this folder): Arabic texts write their numbers in
// Arabic-Indic digits (٠-٩, ٫ and ٬), as formatNumber and formatKwd do for 'ar'. A Latin digit in an
// Arabic sentence ("خصم 5%" beside "خصم ٥٪") fails here, with namespace and key.
const arDir = path.resolve(__dirname, '../../../public/locales/ar');

/** Texts that quote something written in Latin characters, digits included (a colour, an IBAN, domains). */
const ALLOWED = new Set([
  'admin:errors.invalidColor',
  'earnings:bank.ibanHint',
  'common:teacherForm.errors.meetingLinkNotAllowed',
]);

function* texts(value: unknown, key: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [key, value];
  else if (value && typeof value === 'object') {
    for (const [name, child] of Object.entries(value)) yield* texts(child, key ? `${key}.${name}` : name);
  }
}

describe('Arabic locale texts', () => {
  it('write numbers in Arabic-Indic digits (placeholders and tags aside)', () => {
    const offenders: string[] = [];
    for (const file of readdirSync(arDir).filter((name) => name.endsWith('.json'))) {
      const namespace = file.replace(/\.json$/, '');
      for (const [key, text] of texts(JSON.parse(readFileSync(path.join(arDir, file), 'utf8')), '')) {
        const id = `${namespace}:${key}`;
        const prose = text.replace(/\{\{[^}]*\}\}|<[^>]*>/g, '');
        if (/[0-9]/.test(prose) && !ALLOWED.has(id)) offenders.push(`${id}: ${text}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
