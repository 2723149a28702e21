import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const srcDir = path.resolve(__dirname, '../..');
const enDir = path.resolve(srcDir, '../public/locales/en');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

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
    const home = path.join(__dirname, 'translate.ts');
    const offenders: string[] = [];
    for (const file of sourceFiles(srcDir)) {
      if (file === home) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (/\btype Translate\s*=|\bt as (?:unknown|any)\b/.test(line)) {
            offenders.push(`${path.relative(srcDir, file)}:${index + 1}`);
          }
        });
    }
    expect(offenders).toEqual([]);
  });
});
