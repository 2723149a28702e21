import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const configSource = readFileSync(path.join(here, 'config.ts'), 'utf8');
const readme = readFileSync(path.resolve(here, '../../../README.md'), 'utf8');

/** The keys of `envSchema` in config.ts: the variables the server reads. */
function envSchemaKeys(source: string): string[] {
  const body = /const envSchema = z\.object\(\{\n([\s\S]*?)\n\}\);/.exec(source)?.[1];
  if (!body) throw new Error('config.ts: `const envSchema = z.object({ ... });` not found');
  return [...body.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1] as string);
}

/** The first column of the README's configuration table: rows like "| `NAME` | default | meaning |". */
function readmeTableVariables(text: string): Set<string> {
  const section = /^## Configuration\n([\s\S]*?)^## /m.exec(text)?.[1] ?? '';
  return new Set([...section.matchAll(/^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|/gm)].map((match) => match[1] as string));
}

describe('README configuration table', () => {
  it('finds the variables of config.ts', () => {
    const keys = envSchemaKeys(configSource);
    expect(keys.length).toBeGreaterThan(20);
    expect(keys).toContain('DATABASE_URL');
  });

  it('lists every variable config.ts reads', () => {
    const documented = readmeTableVariables(readme);
    const missing = envSchemaKeys(configSource).filter((key) => !documented.has(key));
    expect(missing, 'add a row to the Configuration table of README.md for each').toEqual([]);
  });
});
