import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './test/source-files.ts';

const srcDir = path.resolve(__dirname, '..');
const featuresDir = path.join(srcDir, 'features');

// Static `import … from`, `export … from`, side-effect `import '…'`, dynamic `import('…')`
// and `vi.mock('…')`, which all tie a file to the module they name.
const SPECIFIERS = [
  /\b(?:import|export)\s[^;'"]*?\bfrom\s*(['"])([^'"]+)\1/g,
  /\bimport\s*(['"])([^'"]+)\1/g,
  /\b(?:import|vi\.mock)\(\s*(['"])([^'"]+)\1/g,
];

function featureOf(file: string): string | undefined {
  const relative = path.relative(featuresDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep)[0];
}

// A feature reaches shared code and its own files only; app/ composes features (features/README.md).
describe('feature boundaries', () => {
  it('no feature imports another feature', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(featuresDir)) {
      const own = featureOf(file);
      const text = readFileSync(file, 'utf8');
      for (const pattern of SPECIFIERS) {
        for (const match of text.matchAll(pattern)) {
          const specifier = match[2];
          if (!specifier?.startsWith('.')) continue;
          const target = featureOf(path.resolve(path.dirname(file), specifier));
          if (target !== undefined && target !== own) {
            offenders.push(`${path.relative(srcDir, file)} imports ${specifier}`);
          }
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
