import { expect, it } from 'vitest';
import { judge, type Measured } from './allow-list.ts';
import type { Source } from './sources.ts';

/** Sources planted for a rule's self-test, from a map of file name to text. */
export const planted = (files: Record<string, string>): Source[] =>
  Object.entries(files).map(([file, text]) => ({ file, text }));

/** What the two allow-list tests of a rule say: their titles, and the hint printed when a break is added. */
export type AllowListTexts = { holds: string; fix: string; grown?: string; fixed: string };

/**
 * The two tests every house rule runs on its allow-list (`allow-list.ts`): nothing outside the list
 * breaks the rule and nothing listed grew; every listed entry still breaks it (a fixed one leaves).
 */
export function itKeepsTheAllowList(breaks: Measured[], allowed: Record<string, number>, texts: AllowListTexts) {
  it(texts.holds, () => {
    const { added, grown } = judge(breaks, allowed);
    expect(added, texts.fix).toEqual([]);
    expect(grown, texts.grown).toEqual([]);
  });

  it(texts.fixed, () => {
    expect(judge(breaks, allowed).fixed).toEqual([]);
  });
}
