import { describe, expect, it } from 'vitest';
import { countByFile, judge } from './allow-list.ts';

describe('allow-lists that can only shrink', () => {
  const breaks = countByFile([
    { file: 'a.ts', line: 3, what: 'breaks it' },
    { file: 'a.ts', line: 9, what: 'breaks it again' },
    { file: 'b.ts', line: 1, what: 'breaks it' },
  ]);

  it('counts offences by file, each printed as file:line', () => {
    expect(breaks).toEqual([
      { key: 'a.ts', figure: 2, report: ['a.ts:3 breaks it', 'a.ts:9 breaks it again'] },
      { key: 'b.ts', figure: 1, report: ['b.ts:1 breaks it'] },
    ]);
  });

  it('passes what is listed at its figure or below', () => {
    expect(judge(breaks, { 'a.ts': 2, 'b.ts': 3 })).toEqual({ added: [], grown: [], fixed: [] });
  });

  it('fails what is not listed, what grew and what no longer breaks the rule', () => {
    expect(judge(breaks, { 'a.ts': 1, 'c.ts': 1 })).toEqual({
      added: ['b.ts:1 breaks it'],
      grown: ['a.ts: 2 (allowed 1): a.ts:3 breaks it; a.ts:9 breaks it again'],
      fixed: ['c.ts'],
    });
  });
});
