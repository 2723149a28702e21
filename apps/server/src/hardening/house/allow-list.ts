/**
 * One way for every house rule to hold its allow-list: a rule measures each thing it judges (a file's
 * lines, a function's lines, a file's count of offences) and the allow-list names the things that
 * break the rule today with the figure they had. The list can only shrink:
 * - a thing that breaks the rule and is not listed fails (`added`);
 * - a listed thing that grew past its figure fails (`grown`);
 * - a listed thing that no longer breaks the rule fails too (`fixed`), so its entry is removed.
 */
/** One break of a rule, at file:line. */
export type Offence = { file: string; line: number; what: string };

export type Measured = { key: string; figure: number; report: string[] };

export type AllowListVerdict = { added: string[]; grown: string[]; fixed: string[] };

export function judge(breaks: Measured[], allowed: Record<string, number>): AllowListVerdict {
  const found = new Map(breaks.map((b) => [b.key, b]));
  const added: string[] = [];
  const grown: string[] = [];
  for (const b of breaks) {
    const ceiling = allowed[b.key];
    if (ceiling === undefined) added.push(...b.report);
    else if (b.figure > ceiling) grown.push(`${b.key}: ${b.figure} (allowed ${ceiling}): ${b.report.join('; ')}`);
  }
  const fixed = Object.keys(allowed).filter((key) => !found.has(key));
  return { added, grown, fixed };
}

/** Offences (`file:line what`) grouped by file, each file measured by its count of offences. */
export function countByFile(offences: Offence[]): Measured[] {
  const byFile = new Map<string, string[]>();
  for (const { file, line, what } of offences) {
    byFile.set(file, [...(byFile.get(file) ?? []), `${file}:${line} ${what}`]);
  }
  return [...byFile].map(([key, report]) => ({ key, figure: report.length, report }));
}
