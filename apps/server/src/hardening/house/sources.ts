import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * What the house-rule checks read: source files as text, named by their path from the repository's
 * root (`apps/server/src/app.ts`). The checks are pure functions of a list of these, so a self-test
 * can hand one a few planted files instead of the tree.
 */
export type Source = { file: string; text: string };

/** The repository's root (this file is apps/server/src/hardening/house/sources.ts). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

/** The three source trees the rules cover. */
export const SERVER_SRC = 'apps/server/src';
export const WEB_SRC = 'apps/web/src';
export const CONTRACT_SRC = 'packages/contract/src';

const toPosix = (p: string) => p.split(path.sep).join('/');

/** Every .ts/.tsx file below `dirs` (paths from the root), declaration files left out. */
export function readSources(dirs: string[], root = REPO_ROOT): Source[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : walk(full);
      return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
    });
  return dirs
    .flatMap((dir) => walk(path.join(root, dir)))
    .map((full) => ({ file: toPosix(path.relative(root, full)), text: readFileSync(full, 'utf8') }))
    .sort((a, b) => a.file.localeCompare(b.file));
}

/**
 * Test code: test files, the test helpers (`src/test/`, the web's `shared/test/`, `*-test-data.ts` and
 * `*-test-support.ts(x)`, `test-setup.ts`) and the
 * hardening suites with their helpers (`src/hardening/`). Everything else below a `src/` is production.
 */
export const isTestCode = (file: string) =>
  /\.test\.tsx?$/.test(file) ||
  /(^|\/)src\/(test|hardening|shared\/test)\//.test(file) ||
  /-test-(data|support)\.tsx?$/.test(file) ||
  file.endsWith('/test-setup.ts');

/** Seeds and migrations: generated or one-off data, outside the size and SQL rules. */
export const isSeedOrMigration = (file: string) => /\/src\/(seed|db\/migrations)\//.test(file);

/** A file's path below its package's `src/` (`modules/x/x.repo.ts`), or undefined outside one. */
export const underSrc = (file: string) => /^(?:apps\/[^/]+|packages\/[^/]+)\/src\/(.*)$/.exec(file)?.[1];

/** 1-based line of a character offset. */
export const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

const parsed = new WeakMap<Source, ts.SourceFile>();

/** The TypeScript syntax tree of a source (kept, as several rules read the same files). */
export function syntaxOf(source: Source): ts.SourceFile {
  const known = parsed.get(source);
  if (known) return known;
  const kind = source.file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const tree = ts.createSourceFile(source.file, source.text, ts.ScriptTarget.Latest, true, kind);
  parsed.set(source, tree);
  return tree;
}

/** 1-based line where a node starts (its first token, comments before it left out). */
export const lineOf = (tree: ts.SourceFile, node: ts.Node) =>
  tree.getLineAndCharacterOfPosition(node.getStart(tree)).line + 1;
