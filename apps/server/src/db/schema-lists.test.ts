import { readFileSync } from 'node:fs';
import * as contract from '@ustaz/contract';
import { describe, expect, it } from 'vitest';

/** Every list of strings the contract exports (statuses, kinds, providers...), by name. */
const contractLists = (Object.entries(contract) as [string, unknown][]).filter(
  (entry): entry is [string, readonly string[]] =>
    Array.isArray(entry[1]) && entry[1].length > 0 && entry[1].every((value) => typeof value === 'string'),
);

/** The lists written out in a source: array literals `['a', 'b']` and SQL lists `in ('a', 'b')`. */
function listsIn(source: string): string[][] {
  const lists: string[][] = [];
  for (const [, body = ''] of source.matchAll(/[[(]((?:\s*'[^'\n]*'\s*,)+\s*'[^'\n]*'\s*,?\s*)[\])]/g)) {
    lists.push([...body.matchAll(/'([^'\n]*)'/g)].map((match) => match[1] ?? ''));
  }
  return lists;
}

const sameValues = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');

describe('db/schema.ts takes its value lists from the contract', () => {
  it('retypes no list the contract exports (columns and CHECK constraints use the constants)', () => {
    const source = readFileSync(new URL('./schema.ts', import.meta.url), 'utf8');
    const retyped = listsIn(source).flatMap((list) =>
      contractLists.filter(([, values]) => sameValues(values, list)).map(([name]) => `[${list.join(', ')}] is ${name}`),
    );
    expect(retyped).toEqual([]);
  });

  it('finds a retyped list (the check above can fail)', () => {
    const lists = listsIn(
      "status: text('status', { enum: ['pending', 'paid', 'failed', 'expired'] }),\nsql`x in ('a', 'b')`",
    );
    expect(lists).toEqual([
      ['pending', 'paid', 'failed', 'expired'],
      ['a', 'b'],
    ]);
    expect(contractLists.some(([, values]) => sameValues(values, lists[0] ?? []))).toBe(true);
  });
});
