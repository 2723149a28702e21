import { expect, it } from 'vitest';
import { judge, type Measured } from './allow-list.ts';
import type { Source } from './sources.ts';

/** Sources planted for a rule's self-test, from a map of file name to text. */
export const planted = (files: Record<string, string>): Source[] =>
  Object.entries(files).map(([file, text]) => ({ file, text }));

/**
 * What the two allow-list tests of a rule say: their titles (`fixed` by default that of a rule counted
 * by file), and the hints printed when a break is added or grew.
 */
export type AllowListTexts = { holds: string; fix: string; grown?: string; fixed?: string };

const FIXED_FILE = 'every allow-listed file still does (a fixed file leaves the list)';

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

  it(texts.fixed ?? FIXED_FILE, () => {
    expect(judge(breaks, allowed).fixed).toEqual([]);
  });
}
