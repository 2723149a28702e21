import ts from 'typescript';
import { type Source, syntaxOf } from './sources.ts';

/**
 * Issue 31 item 6: duplicate code, counted the way the `duplicates` command counts it, by a small
 * tokenizer of our own (TypeScript's parser: no package to install). Two places are a duplicate when
 * they share a run of at least `MIN_LINES` lines of code that are the same, or of the same shape with
 * other names, strings and numbers. A pair is two files (or one file twice) with at least one such
 * run; it is counted once, however many runs they share.
 *
 * - A line of code is the tokens that start on it (comments, blank lines and imports are left out).
 *   Its shape keeps keywords and punctuation and writes each name `I`, each string, template piece or
 *   JSX text `S` and each number `N`.
 * - A six-line shape that stands in more than `TOO_COMMON` places is an idiom of the language, not a
 *   copy, and is not paired at all.
 * - A run is boilerplate, and a pair whose runs all are is not counted, when half its lines or more
 *   are thin (no name, string or number but a JSX tag's: `});`, `</div>`) or written the same in
 *   `COMMON_LINE_FILES` files or more (`preHandler: requireAuth,`); or, for a run alike only in shape,
 *   when its shape stands in `IDIOM_FILES` files or more (a route declaration, a schema's columns) or
 *   it shares little but the shape (`sharesLittle`).
 */
export const MIN_LINES = 6;
export const TOO_COMMON = 8;
const IDIOM_FILES = 3;
/** A line written the same in this many files or more is the house's idiom (`preHandler: requireAuth,`). */
const COMMON_LINE_FILES = 5;
/** A shape run counts when at least this share of one side's names, strings and numbers stand the same at the other. */
const SHARED_CONTENT = 0.7;

/** A line of code: its tokens, the shape they make, and which of them are content (a name, string, number). */
type Line = { line: number; exact: string; shape: string; tokens: string[]; content: boolean[]; thin: boolean };

function tokenKind(node: ts.Node): 'I' | 'S' | 'N' | undefined {
  switch (node.kind) {
    case ts.SyntaxKind.Identifier:
    case ts.SyntaxKind.PrivateIdentifier:
      return 'I';
    case ts.SyntaxKind.StringLiteral:
    case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
    case ts.SyntaxKind.TemplateHead:
    case ts.SyntaxKind.TemplateMiddle:
    case ts.SyntaxKind.TemplateTail:
    case ts.SyntaxKind.JsxText:
    case ts.SyntaxKind.RegularExpressionLiteral:
      return 'S';
    case ts.SyntaxKind.NumericLiteral:
    case ts.SyntaxKind.BigIntLiteral:
      return 'N';
    default:
      return undefined;
  }
}

/** A JSX tag's name (`div` of `</div>`): markup, not content. */
const isTagName = (node: ts.Node) =>
  (ts.isJsxOpeningElement(node.parent) ||
    ts.isJsxClosingElement(node.parent) ||
    ts.isJsxSelfClosingElement(node.parent)) &&
  node.parent.tagName === node;

/** The lines of code of a file, each with its exact text (tokens) and its shape. */
export function linesOf(source: Source): Line[] {
  const tree = syntaxOf(source);
  const byLine = new Map<number, { exact: string[]; shape: string[]; content: boolean[] }>();
  const visit = (node: ts.Node) => {
    // An import list is not code one could share: the same names imported twice are no copy.
    if (ts.isImportDeclaration(node) || (ts.isExportDeclaration(node) && node.moduleSpecifier)) return;
    const children = node.getChildren(tree);
    if (children.length > 0) {
      for (const child of children) visit(child);
      return;
    }
    if (node.kind === ts.SyntaxKind.EndOfFileToken) return;
    const text = node.getText(tree);
    if (node.kind === ts.SyntaxKind.JsxText && text.trim() === '') return;
    const line = tree.getLineAndCharacterOfPosition(node.getStart(tree)).line + 1;
    const entry = byLine.get(line) ?? { exact: [], shape: [], content: [] };
    const kind = tokenKind(node);
    entry.exact.push(node.kind === ts.SyntaxKind.JsxText ? text.trim() : text);
    entry.shape.push(kind ?? text);
    entry.content.push(kind !== undefined && !isTagName(node));
    byLine.set(line, entry);
  };
  visit(tree);
  return [...byLine]
    .sort(([a], [b]) => a - b)
    .map(([line, { exact, shape, content }]) => ({
      line,
      exact: exact.join(' '),
      shape: shape.join(' '),
      tokens: exact,
      content,
      thin: !content.includes(true),
    }));
}

/**
 * Whether two runs of the same shape share little but their shape: fewer than `SHARED_CONTENT` of the
 * names, strings and numbers of one side stand the same at the other, so what they share is mostly
 * punctuation and keywords (`{ id: row.id, name: row.name }` beside `{ code: x.code, at: x.at }`).
 */
function sharesLittle(a: Line[], b: Line[]): boolean {
  let content = 0;
  let shared = 0;
  a.forEach((line, i) => {
    line.content.forEach((isContent, k) => {
      if (!isContent) return;
      content++;
      if (b[i]?.tokens[k] === line.tokens[k]) shared++;
    });
  });
  return shared < content * SHARED_CONTENT;
}

export type Run = {
  a: string;
  aLines: [number, number];
  b: string;
  bLines: [number, number];
  kind: 'same' | 'shape' | 'boilerplate';
};
export type Pair = { a: string; b: string; runs: Run[]; counted: boolean };

/** Every pair of places that share a run, most shared first; `counted` is false for boilerplate only. */
export function duplicatePairs(sources: Source[], minLines = MIN_LINES): Pair[] {
  const files = sources.map((source) => ({ file: source.file, lines: linesOf(source) }));
  const filesWith = new Map<string, number>();
  for (const { lines } of files) {
    for (const exact of new Set(lines.map((l) => l.exact))) filesWith.set(exact, (filesWith.get(exact) ?? 0) + 1);
  }
  const common = (line: Line) => line.thin || (filesWith.get(line.exact) ?? 0) >= COMMON_LINE_FILES;
  const windowKey = (lines: Line[], at: number) =>
    lines
      .slice(at, at + minLines)
      .map((l) => l.shape)
      .join('\n');
  const places = new Map<string, { file: number; at: number }[]>();
  files.forEach(({ lines }, file) => {
    for (let at = 0; at + minLines <= lines.length; at++) {
      const key = windowKey(lines, at);
      const list = places.get(key) ?? [];
      list.push({ file, at });
      places.set(key, list);
    }
  });
  // Each matching window on the diagonal of two files (the same offset between them).
  const diagonals = new Map<string, { a: number; b: number; starts: number[]; shift: number; idiom: boolean[] }>();
  for (const list of places.values()) {
    if (list.length < 2 || list.length > TOO_COMMON) continue;
    const idiom = new Set(list.map((p) => p.file)).size >= IDIOM_FILES;
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const [p, q] = [list[i], list[j]] as [{ file: number; at: number }, { file: number; at: number }];
        if (p.file === q.file && Math.abs(p.at - q.at) < minLines) continue;
        const shift = q.at - p.at;
        const key = `${p.file}:${q.file}:${shift}`;
        const diagonal = diagonals.get(key) ?? { a: p.file, b: q.file, starts: [], shift, idiom: [] };
        diagonal.starts.push(p.at);
        diagonal.idiom.push(idiom);
        diagonals.set(key, diagonal);
      }
    }
  }
  const pairs = new Map<string, Pair>();
  for (const { a, b, starts, shift, idiom } of diagonals.values()) {
    const order = starts.map((start, i) => ({ start, idiom: idiom[i] === true })).sort((x, y) => x.start - y.start);
    const A = files[a] as { file: string; lines: Line[] };
    const B = files[b] as { file: string; lines: Line[] };
    for (let i = 0; i < order.length; ) {
      let end = i;
      while (end + 1 < order.length && (order[end + 1]?.start ?? 0) === (order[end]?.start ?? 0) + 1) end++;
      const first = order[i]?.start ?? 0;
      const last = (order[end]?.start ?? 0) + minLines - 1;
      const aLines = A.lines.slice(first, last + 1);
      const bLines = B.lines.slice(first + shift, last + shift + 1);
      const same = aLines.every((line, k) => line.exact === bLines[k]?.exact);
      const thin = aLines.filter(common).length * 2 >= aLines.length || (!same && sharesLittle(aLines, bLines));
      const isIdiom = order.slice(i, end + 1).some((w) => w.idiom);
      const run: Run = {
        a: A.file,
        aLines: [aLines[0]?.line ?? 0, aLines[aLines.length - 1]?.line ?? 0],
        b: B.file,
        bLines: [bLines[0]?.line ?? 0, bLines[bLines.length - 1]?.line ?? 0],
        kind: thin || (!same && isIdiom) ? 'boilerplate' : same ? 'same' : 'shape',
      };
      const key = `${A.file}\0${B.file}`;
      const pair = pairs.get(key) ?? { a: A.file, b: B.file, runs: [], counted: false };
      pair.runs.push(run);
      pair.counted ||= run.kind !== 'boilerplate';
      pairs.set(key, pair);
      i = end + 1;
    }
  }
  const span = (run: Run) => run.aLines[1] - run.aLines[0];
  const counts = (run: Run) => Number(run.kind !== 'boilerplate');
  return [...pairs.values()]
    .map((pair) => ({ ...pair, runs: pair.runs.sort((x, y) => counts(y) - counts(x) || span(y) - span(x)) }))
    .sort((x, y) => Number(y.counted) - Number(x.counted) || span(y.runs[0] as Run) - span(x.runs[0] as Run));
}

/** One pair as the `duplicates` command prints it: `a.ts:10-24 ~ b.ts:40-54 shape (+2 more runs)`. */
export function describePair(pair: Pair): string {
  const [run, ...more] = pair.runs as [Run, ...Run[]];
  const kind = run.kind === 'same' ? '' : ` ${run.kind === 'shape' ? 'shape' : 'shape boilerplate'}`;
  const extra = more.length > 0 ? ` (+${more.length} more run${more.length > 1 ? 's' : ''})` : '';
  return `${run.a}:${run.aLines.join('-')} ~ ${run.b}:${run.bLines.join('-')}${kind}${extra}`;
}
