import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linesMatching, SRC_DIR, sourceFiles } from '../test/source-files.ts';

const enDir = path.resolve(SRC_DIR, '../public/locales/en');

// Translation keys are typed (i18next.d.ts), so a missing key fails tsc; translate.ts is the one
// way around it, for keys made from data.
describe('typed translation keys', () => {
  it('cover every namespace of the en locale files', () => {
    const declaration = readFileSync(path.join(__dirname, 'i18next.d.ts'), 'utf8');
    const missing = readdirSync(enDir)
      .filter((file) => file.endsWith('.json'))
      .filter((file) => !declaration.includes(`from '../../../public/locales/en/${file}'`));
    expect(missing).toEqual([]);
  });

  it('have one escape hatch: no other file declares its own untyped translate function', () => {
    const others = sourceFiles(SRC_DIR).filter((file) => file !== path.join(__dirname, 'translate.ts'));
    expect(linesMatching(others, /\btype Translate\s*=|\bt as (?:unknown|any)\b/)).toEqual([]);
  });
});
