import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC_DIR, sourceFiles } from './test/source-files.ts';

// Static `import … from`, `export … from`, side-effect `import '…'`, dynamic `import('…')`,
// `import.meta.glob('…')` and `vi.mock('…')`, which all tie a file to the module they name.
const SPECIFIERS = [
  /\b(?:import|export)\s[^;'"]*?\bfrom\s*(['"])([^'"]+)\1/g,
  /\bimport\s*(['"])([^'"]+)\1/g,
  /\b(?:import|vi\.mock)\(\s*(['"])([^'"]+)\1/g,
  /\bimport\.meta\.glob(?:<[^>]*>)?\(\s*\[?\s*(['"])([^'"]+)\1/g,
];

/**
 * Imports flow one way (features/README.md): `shared/` -> `features/` -> `app/` -> the entries
 * (`main.tsx`, `entry-server.tsx`). A file reaches its own layer and the ones before it only, and a
 * feature reaches no other feature. Paths are from src (`features/chat/x.tsx`).
 */
const LAYERS = ['shared', 'features', 'app', 'entry'] as const;
type Layer = (typeof LAYERS)[number];

function layerOf(file: string): Layer | undefined {
  const top = file.split('/')[0];
  if (top === 'shared' || top === 'features' || top === 'app') return top;
  return file.includes('/') ? undefined : 'entry';
}

const featureOf = (file: string) => /^features\/([^/]+)\//.exec(file)?.[1];

type Offence = { file: string; line: number; specifier: string; rule: 'another feature' | 'upwards' };

/** Every import of `file` (a path from src) that crosses into another feature or runs back up. */
function offencesOf(file: string, text: string): Offence[] {
  const found: Offence[] = [];
  for (const pattern of SPECIFIERS) {
    for (const match of text.matchAll(pattern)) {
      const specifier = match[2];
      if (!specifier?.startsWith('.')) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      const line = text.slice(0, match.index).split('\n').length;
      const own = featureOf(file);
      const other = featureOf(target);
      if (own !== undefined && other !== undefined && other !== own) {
        found.push({ file, line, specifier, rule: 'another feature' });
      }
      const from = layerOf(file);
      const to = layerOf(target);
      if (from !== undefined && to !== undefined && LAYERS.indexOf(to) > LAYERS.indexOf(from)) {
        found.push({ file, line, specifier, rule: 'upwards' });
      }
    }
  }
  return found;
}

const toPosix = (p: string) => p.split(path.sep).join('/');
const files = sourceFiles(SRC_DIR).map((full) => toPosix(path.relative(SRC_DIR, full)));
const offences = files.flatMap((file) => offencesOf(file, readFileSync(path.join(SRC_DIR, file), 'utf8')));
const print = ({ file, line, specifier }: Offence) => `${file}:${line} imports ${specifier}`;
// A test may reach up to what it checks (shared/money/amount-fields.test.ts holds every feature's
// amount field to one rule); the code it tests, test helpers (`shared/test/`) included, may not.
const isTestFile = (file: string) => /\.test\.tsx?$/.test(file);

// A feature reaches shared code and its own files only; app/ composes features (features/README.md).
describe('feature boundaries', () => {
  it('no feature imports another feature', () => {
    const offenders = offences.filter((o) => o.rule === 'another feature').map(print);
    expect(offenders).toEqual([]);
  });

  it('imports flow one way: shared/ imports no feature nor app/, a feature imports no app/ (tests aside)', () => {
    const offenders = offences.filter((o) => o.rule === 'upwards' && !isTestFile(o.file)).map(print);
    expect(files.filter((file) => file.startsWith('shared/')).length).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
  });

  it('sees a planted import across or back up, and none where imports flow one way', () => {
    const planted = (file: string, text: string) => offencesOf(file, text).map((o) => `${print(o)} (${o.rule})`);
    expect(planted('shared/ui/x.tsx', "import { A } from '../../features/chat/a.tsx';")).toEqual([
      'shared/ui/x.tsx:1 imports ../../features/chat/a.tsx (upwards)',
    ]);
    expect(planted('shared/test/x.tsx', "\nconst A = lazy(() => import('../../app/app.tsx'));")).toEqual([
      'shared/test/x.tsx:2 imports ../../app/app.tsx (upwards)',
    ]);
    expect(planted('shared/lib/x.ts', "import.meta.glob('../../features/**/*.ts');")).toHaveLength(1);
    expect(planted('features/chat/x.ts', "import type { A } from '../../app/routes.tsx';")).toEqual([
      'features/chat/x.ts:1 imports ../../app/routes.tsx (upwards)',
    ]);
    expect(planted('features/chat/x.ts', "vi.mock('../booking/api.ts');")).toEqual([
      'features/chat/x.ts:1 imports ../booking/api.ts (another feature)',
    ]);
    expect(planted('app/x.tsx', "import { main } from '../main.tsx';")).toHaveLength(1);
    const silent: Record<string, string[]> = {
      'shared/ui/x.tsx': ['../lib/format.ts', './button.tsx', 'zod'],
      'features/chat/x.tsx': ['../../shared/ui/button.tsx', './own.tsx', './api/messages.ts'],
      'app/x.tsx': ['../shared/ui/button.tsx', '../features/chat/chat-page.tsx', './router.tsx'],
      'main.tsx': ['./app/router.tsx', './features/chat/chat-page.tsx', './shared/ui/button.tsx'],
    };
    for (const [file, specifiers] of Object.entries(silent)) {
      const text = specifiers.map((s, i) => `import { A${i} } from '${s}';`).join('\n');
      expect(planted(file, text), file).toEqual([]);
    }
  });
});
