import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTest, sourceFiles } from './test/source-files.ts';

/**
 * Issue 14, one way to call the API: `apiRequest(path, schema, options)` checks every answer, so
 * no call names its answer's type itself. In the app's code (tests aside):
 * - no `apiRequest<…>(`: the type comes from the schema;
 * - the second argument names a schema of `@ustaz/contract` through the contract's module,
 *   `(contract) => contract.xSchema` (the contract, and zod with it, loads beside the request
 *   instead of sitting in every route's chunk), or, for the few calls of the first bundle, a light
 *   check named `…Shape` (made with `checkedBy`);
 * - no `as …` on the answer.
 */

const srcDir = path.resolve(__dirname, '..');

/**
 * Walks `text` from the bracket at `open` to the one closing it, skipping strings and template
 * literals; calls `onTopLevelComma` for each comma directly inside. Returns the closing index.
 */
function walk(text: string, open: number, onTopLevelComma: (index: number) => void = () => {}): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = open; i < text.length; i += 1) {
    const char = text[i];
    if (quote) {
      if (char === '\\') i += 1;
      else if (char === quote) quote = null;
      else if (quote === '`' && char === '$' && text[i + 1] === '{') i = walk(text, i + 1);
    } else if (char === "'" || char === '"' || char === '`') quote = char;
    else if (char === '(' || char === '[' || char === '{') depth += 1;
    else if (char === ')' || char === ']' || char === '}') {
      depth -= 1;
      if (depth === 0) return i;
    } else if (char === ',' && depth === 1) onTopLevelComma(i);
  }
  return text.length;
}

/** The top-level arguments of the call whose `(` is at `open`. */
function argumentsOf(text: string, open: number): string[] {
  const commas: number[] = [];
  const end = walk(text, open, (index) => commas.push(index));
  const bounds = [open, ...commas, end];
  return bounds
    .slice(1)
    .map((stop, i) => text.slice((bounds[i] ?? open) + 1, stop).trim())
    .filter(Boolean);
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Names imported from '@ustaz/contract' by a file. */
function contractImports(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]@ustaz\/contract['"]/g)) {
    for (const item of (match[1] ?? '').split(',')) {
      const name = item.replace(/^\s*type\s+/, '').trim();
      if (name) names.add(name);
    }
  }
  return names;
}

/**
 * A helper that sends for its callers (the admin kit's `adminRow`) may pass on a parameter typed
 * `ContractSchema<…>`: tsc then holds every caller to naming a schema lazily through the contract.
 */
function forwardsContractSchema(text: string, name: string): boolean {
  return /^\w+$/.test(name) && new RegExp(`\\b${name}\\s*:\\s*ContractSchema<`).test(text);
}

function offencesOf(file: string, text: string): string[] {
  const found: string[] = [];
  const imported = contractImports(text);
  for (const match of text.matchAll(/(?<!function\s)\bapiRequest\s*(<|\()/g)) {
    const where = `${file}:${lineOf(text, match.index)}`;
    if (match[1] === '<') {
      found.push(`${where} apiRequest<…>: pass the response schema instead`);
      continue;
    }
    const open = match.index + match[0].length - 1;
    const [, schema] = argumentsOf(text, open);
    if (!schema) found.push(`${where} apiRequest without a response schema`);
    else if (/^\w+Schema$/.test(schema)) {
      found.push(
        imported.has(schema)
          ? `${where} ${schema}: name it lazily, (contract) => contract.${schema}`
          : `${where} ${schema} is not a schema of @ustaz/contract`,
      );
    } else if (
      !/^\(contract\) => contract\.\w+Schema$/.test(schema) &&
      !/^\w+Shape$/.test(schema) &&
      !forwardsContractSchema(text, schema)
    ) {
      found.push(`${where} ${schema}: (contract) => contract.…Schema or a first-bundle …Shape`);
    }
    if (/^\s*\)?\s*as\s/.test(text.slice(walk(text, open) + 1))) found.push(`${where} casts the answer with as`);
  }
  return found;
}

describe('API calls', () => {
  it('every apiRequest names a contract schema lazily (or passes a first-bundle shape) and casts nothing', () => {
    const files = sourceFiles(
      srcDir,
      (file) => /\.tsx?$/.test(file) && !isTest(file) && !file.includes(`${path.sep}test${path.sep}`),
    );
    const offences = files.flatMap((file) => offencesOf(path.relative(srcDir, file), readFileSync(file, 'utf8')));
    expect(files.filter((file) => readFileSync(file, 'utf8').includes('apiRequest(')).length).toBeGreaterThan(40);
    expect(offences).toEqual([]);
  });

  it('names the file and line of each kind of offence', () => {
    const text = [
      "import { userSchema } from '@ustaz/contract';",
      "const a = apiRequest<User>('/api/v1/auth/me', { signal });",
      "const b = apiRequest('/api/v1/auth/me', { signal });",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
      'const c = apiRequest(`/api/v1/x/${id}`);',
      "const d = (await apiRequest('/api/v1/auth/me', userSchema)) as Admin;",
      "const e = apiRequest('/api/v1/auth/me', mySchema, { signal });",
      "const f = apiRequest('/api/v1/auth/me', z.object({ id: z.number() }));",
      "const g = apiRequest('/api/v1/auth/me', userSchema);",
    ].join('\n');
    expect(offencesOf('x.ts', text)).toEqual([
      'x.ts:2 apiRequest<…>: pass the response schema instead',
      'x.ts:3 { signal }: (contract) => contract.…Schema or a first-bundle …Shape',
      'x.ts:4 apiRequest without a response schema',
      'x.ts:5 userSchema: name it lazily, (contract) => contract.userSchema',
      'x.ts:5 casts the answer with as',
      'x.ts:6 mySchema is not a schema of @ustaz/contract',
      'x.ts:7 z.object({ id: z.number() }): (contract) => contract.…Schema or a first-bundle …Shape',
      'x.ts:8 userSchema: name it lazily, (contract) => contract.userSchema',
    ]);
  });

  it('lets a call with a contract schema or a shape, over several lines, through', () => {
    const text = [
      "import { type User, userSchema } from '@ustaz/contract';",
      'export async function apiRequest<T>(path: string, schema: ResponseSchema<T>) {}',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
      "apiRequest(`/api/v1/users/${encodeURIComponent(id, ',')}`, (contract) => contract.userSchema, {",
      "  query: { a: [1, 2], b: 'x,y' },",
      '});',
      "apiRequest('/api/settings/website', websiteSettingsShape);",
      'function row<R>(collection: string, schema: ContractSchema<R>) {',
      '  return apiRequest(collection, schema);',
      '}',
    ].join('\n');
    expect(offencesOf('x.ts', text)).toEqual([]);
  });
});
