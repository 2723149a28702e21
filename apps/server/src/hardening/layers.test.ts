import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 14, the server's layers: routes call services, services call repos, SQL lives only in
 * `*.repo.ts` and `src/db/`. The rule, in one line:
 *
 *   Only `*.repo.ts`, `src/db/**`, `src/seed/**` and test code may import a value (not a type) from
 *   `drizzle-orm` or `db/schema.ts`, call `rawQueryOf(`, or call `db.`/`tx.` `select|insert|update|
 *   delete|execute|query`; and no `*.routes.ts` imports a `*.repo.ts`.
 *
 * And one rule between modules (ADR 011): a module's repo is private to it. No file of
 * `modules/<a>/` (test code aside) imports `modules/<b>/*.repo.ts`, not even its types; it calls
 * module b's service, passing its own transaction `tx`.
 *
 * Test code is `*.test.ts`, `src/test/**` and `src/hardening/**` (the hardening suites and their
 * helpers). The scan reads the files only: it needs no database.
 */

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const schemaFile = 'db/schema.ts';

/**
 * Files that break the rule today. The list can only shrink: an entry that no longer breaks the
 * rule fails the test too, so it is removed when its file is fixed.
 */
// Empty since issue 14 moved the last offenders (availability, idempotency, sandbox, three routes files).
const ALLOWED: Record<string, string> = {};

const isTestCode = (file: string) =>
  file.endsWith('.test.ts') || file.startsWith('test/') || file.startsWith('hardening/');
const maySql = (file: string) =>
  file.endsWith('.repo.ts') || file.startsWith('db/') || file.startsWith('seed/') || isTestCode(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const toPosix = (p: string) => p.split(path.sep).join('/');
const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

const withTsExtension = (target: string) =>
  /\.[cm]?[jt]sx?$/.test(target) ? target.replace(/\.([cm]?)js$/, '.$1ts') : `${target}.ts`;

/** The module a path under src belongs to (`modules/<name>/…`), if any. */
const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1];

type Import = { line: number; target: string; typeOnly: boolean };

/** Every `import … from '…'` and `export … from '…'`: the target (a path under src, or a package name). */
function importsOf(file: string, text: string): Import[] {
  const found: Import[] = [];
  const declaration = /^[ \t]*(?:import|export)\s+(type\s+)?([^;'"]*?)\s*from\s*['"]([^'"]+)['"]/gm;
  for (const match of text.matchAll(declaration)) {
    const [, typeKeyword, clause = '', specifier = ''] = match;
    const named = /^\{([\s\S]*)\}$/.exec(clause.trim());
    const typeOnly =
      typeKeyword !== undefined ||
      (named !== undefined &&
        named !== null &&
        named[1]
          ?.split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .every((s) => s.startsWith('type ')) === true);
    // A relative import may leave out `.ts` (the bundler resolution allows it): compare as if written.
    const target = specifier.startsWith('.')
      ? withTsExtension(toPosix(path.relative(src, path.resolve(path.dirname(path.join(src, file)), specifier))))
      : specifier;
    found.push({ line: lineOf(text, match.index ?? 0), target, typeOnly });
  }
  return found;
}

/** `file:line reason` for each break of the rule in one file. */
function offencesOf(file: string, text: string): string[] {
  const offences: string[] = [];
  const imports = importsOf(file, text);
  if (!maySql(file)) {
    for (const { line, target, typeOnly } of imports) {
      const queryModule = target === 'drizzle-orm' || target.startsWith('drizzle-orm/') || target === schemaFile;
      if (queryModule && !typeOnly) offences.push(`${file}:${line} imports values from ${target}`);
    }
    for (const match of text.matchAll(/\brawQueryOf\s*\(/g)) {
      offences.push(`${file}:${lineOf(text, match.index ?? 0)} calls rawQueryOf(`);
    }
    const dbCall =
      /\b(?:db|tx|trx|database|executor)\s*\.\s*(select|selectDistinct|insert|update|delete|execute|query)\b/g;
    for (const match of text.matchAll(dbCall)) {
      offences.push(`${file}:${lineOf(text, match.index ?? 0)} queries the database (.${match[1]})`);
    }
  }
  const module = moduleOf(file);
  if (module !== undefined && !isTestCode(file)) {
    for (const { line, target } of imports) {
      const owner = moduleOf(target);
      if (target.endsWith('.repo.ts') && owner !== undefined && owner !== module) {
        offences.push(`${file}:${line} imports another module's repo ${target} (call its service, ADR 011)`);
      }
    }
  }
  if (file.endsWith('.routes.ts')) {
    for (const { line, target } of imports) {
      if (target.endsWith('.repo.ts')) offences.push(`${file}:${line} is a routes file importing ${target}`);
    }
  }
  return offences;
}

const files = sourceFiles(src).map((full) => toPosix(path.relative(src, full)));
const offences = new Map(files.map((file) => [file, offencesOf(file, readFileSync(path.join(src, file), 'utf8'))]));

describe("server layers: SQL only in *.repo.ts, src/db/ and src/seed/, routes import no repo, no module imports another's repo", () => {
  it('finds the sources it scans', () => {
    expect(files).toContain(schemaFile);
    expect(files.filter((file) => file.endsWith('.routes.ts')).length).toBeGreaterThan(5);
  });

  it('no file outside the allow-list breaks the rule', () => {
    const broken = [...offences].filter(([file]) => !(file in ALLOWED)).flatMap(([, found]) => found);
    expect(broken).toEqual([]);
  });

  it('every allow-listed file still breaks it (fixed files leave the list)', () => {
    const fixed = Object.keys(ALLOWED).filter((file) => (offences.get(file) ?? []).length === 0);
    expect(fixed).toEqual([]);
  });

  it('sees a break when there is one', () => {
    expect(offencesOf('modules/x/x.service.ts', "import { eq } from 'drizzle-orm';")).toHaveLength(1);
    expect(offencesOf('modules/x/x.service.ts', "import type { SQL } from 'drizzle-orm';")).toEqual([]);
    expect(offencesOf('modules/x/x.service.ts', "import {\n  users,\n} from '../../db/schema.ts';")).toHaveLength(1);
    expect(offencesOf('modules/x/x.service.ts', "import { type UserRow } from '../../db/schema.ts';")).toEqual([]);
    expect(offencesOf('modules/x/x.repo.ts', "import { users } from '../../db/schema.ts';")).toEqual([]);
    expect(offencesOf('http/x.ts', 'await db\n  .select()')).toHaveLength(1);
    expect(offencesOf('modules/x/x.routes.ts', "import { list } from './x.repo.ts';")).toHaveLength(1);
    expect(offencesOf('modules/x/x.service.ts', "import { list } from './x.repo.ts';")).toEqual([]);
    expect(offencesOf('modules/x/x.service.ts', "\nimport { list } from '../y/y.repo.ts';")).toEqual([
      "modules/x/x.service.ts:2 imports another module's repo modules/y/y.repo.ts (call its service, ADR 011)",
    ]);
    expect(offencesOf('modules/x/x.presenter.ts', "import type { Row } from '../y/y.repo.ts';")).toHaveLength(1);
    expect(offencesOf('modules/x/x.service.ts', "import { list } from '../y/y.service.ts';")).toEqual([]);
    expect(offencesOf('modules/x/x.test.ts', "import { list } from '../y/y.repo.ts';")).toEqual([]);
    expect(offencesOf('modules/x/x.routes.ts', "import * as repo from './x.repo';")).toHaveLength(1);
    expect(offencesOf('modules/x/x.service.ts', "import { users } from '../../db/schema';")).toHaveLength(1);
  });
});
