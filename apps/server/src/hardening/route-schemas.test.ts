import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 14, one place for the API's shapes: a file that declares routes (`*.routes.ts`, and
 * `app.ts` for /api/health) builds no zod schema. Bodies, queries and answers come from
 * `@ustaz/contract`, which the web client parses answers with too; path parameters, which the web
 * does not share (it builds paths itself), come from `http/params.ts`. So such a file neither
 * imports a value from `zod` nor calls `z.`; a type (`z.output<typeof x>`) and a contract
 * schema's own methods (`.nullish()`) are fine.
 */

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const declaresRoutes = (file: string) => file.endsWith('.routes.ts') || file === 'app.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** `file:line what` for every zod import and every `z.` call of a routes file. */
function offencesOf(file: string, text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  const found: string[] = [];
  for (const match of code.matchAll(/^[ \t]*import\s+(?!type\s)[^;]*?from\s*['"]zod(?:\/[^'"]*)?['"]/gm)) {
    found.push(`${file}:${lineOf(code, match.index)} imports zod`);
  }
  for (const match of code.matchAll(/(?<![\w.$])z\.\w+\s*\(/g)) {
    if (code.slice(code.lastIndexOf('\n', match.index) + 1, match.index).includes('//')) continue;
    found.push(`${file}:${lineOf(code, match.index)} builds a schema inline: ${match[0]}`);
  }
  return found;
}

describe('routes take their schemas from the contract', () => {
  it('no routes file (nor app.ts) builds a zod schema', () => {
    const files = sourceFiles(src)
      .map((full) => path.relative(src, full).split(path.sep).join('/'))
      .filter(declaresRoutes);
    expect(files.filter((file) => file.endsWith('.routes.ts')).length).toBeGreaterThan(10);
    const offences = files.flatMap((file) => offencesOf(file, readFileSync(path.join(src, file), 'utf8')));
    expect(offences, 'move the schema to packages/contract (path params: src/http/params.ts)').toEqual([]);
  });

  it('catches an inline schema, a zod import and a zod subpath import, with file and line', () => {
    expect(offencesOf('modules/x/x.routes.ts', "import { z } from 'zod';\n")).toEqual([
      'modules/x/x.routes.ts:1 imports zod',
    ]);
    expect(offencesOf('modules/x/x.routes.ts', "import * as z from 'zod/v4';")).toHaveLength(1);
    expect(
      offencesOf('modules/x/x.routes.ts', 'const a = 1;\n  response: { 200: z.object({ ok: z.literal(true) }) },'),
    ).toEqual([
      'modules/x/x.routes.ts:2 builds a schema inline: z.object(',
      'modules/x/x.routes.ts:2 builds a schema inline: z.literal(',
    ]);
  });

  it('lets contract schemas, their methods, comments and other names ending in z through', () => {
    const text = [
      "import { deleteMeBodySchema } from '@ustaz/contract';",
      '/** Not z.object() here: the contract has it. */',
      '// z.array() neither',
      'body: deleteMeBodySchema.nullish(),',
      "import type { z } from 'zod';",
      'type Body = z.output<typeof bookingSingleBodySchema>;',
      'const quiz = foo.z.bar(); baz.z(1); viz.object(2);',
    ].join('\n');
    expect(offencesOf('modules/x/x.routes.ts', text)).toEqual([]);
  });
});
