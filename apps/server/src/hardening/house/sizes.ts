import ts from 'typescript';
import type { Measured } from './allow-list.ts';
import { isSeedOrMigration, isTestCode, lineOf, type Source, syntaxOf, underSrc } from './sources.ts';

/**
 * Issue 31, small rooms (STYLE.md habit 13): a production file at most 400 lines, a `*.service.ts` at
 * most 300, a function at most 150 (so a web function component, at most 200 by the issue, is held to
 * 150 too). Production is every file below a package's `src/` but test code, seeds and migrations;
 * `db/schema.ts` (one table after another) may be longer, its functions may not.
 */
export const LIMITS = { file: 400, serviceFile: 300, fn: 150, component: 200 } as const;

const isProduction = (file: string) => underSrc(file) !== undefined && !isTestCode(file) && !isSeedOrMigration(file);
const exemptFromFileSize = (file: string) => file.endsWith('/src/db/schema.ts');

/** Lines as `wc -l` counts them (a last line without its newline counts too). */
export const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

type FunctionNode =
  | ts.FunctionDeclaration
  | ts.FunctionExpression
  | ts.ArrowFunction
  | ts.MethodDeclaration
  | ts.ConstructorDeclaration
  | ts.GetAccessorDeclaration
  | ts.SetAccessorDeclaration;

const isFunction = (node: ts.Node): node is FunctionNode =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);

/** A function's own name, or what holds it: `createX`, `Navbar`, `(returned)`, `app.register(…) argument`. */
function nameOf(node: FunctionNode, tree: ts.SourceFile): string {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (node.name !== undefined) return node.name.getText(tree);
  let holder: ts.Node = node.parent;
  // `const X = memo((props) => …)`, `forwardRef(…)`: the component is named by the variable.
  if (ts.isCallExpression(holder) && ts.isVariableDeclaration(holder.parent)) holder = holder.parent;
  if (ts.isVariableDeclaration(holder) || ts.isPropertyAssignment(holder) || ts.isPropertyDeclaration(holder)) {
    return holder.name.getText(tree);
  }
  if (ts.isReturnStatement(holder) || (ts.isArrowFunction(holder) && holder.body === node)) return '(returned)';
  if (ts.isCallExpression(holder)) {
    const callee = holder.expression.getText(tree).replace(/\s+/g, '');
    return `${callee.length > 40 ? `${callee.slice(0, 39)}…` : callee}(…) argument`;
  }
  if (ts.isExportAssignment(holder)) return 'default';
  return '(anonymous)';
}

type FunctionSize = { name: string; line: number; lines: number; component: boolean };

/** Every function of a file with its lines, named by the functions around it (`authRoutes › (returned)`). */
export function functionSizes(source: Source): FunctionSize[] {
  const tree = syntaxOf(source);
  const found: FunctionSize[] = [];
  const seen = new Map<string, number>();
  const visit = (node: ts.Node, outer: string[]) => {
    let inner = outer;
    if (isFunction(node)) {
      const own = nameOf(node, tree);
      inner = [...outer, own];
      let name = inner.join(' › ');
      const times = (seen.get(name) ?? 0) + 1;
      seen.set(name, times);
      if (times > 1) name = `${name} #${times}`;
      const line = lineOf(tree, node);
      const last = tree.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      const component = source.file.endsWith('.tsx') && /^[A-Z]/.test(own);
      found.push({ name, line, lines: last - line + 1, component });
    }
    ts.forEachChild(node, (child) => visit(child, inner));
  };
  visit(tree, []);
  return found;
}

/** What breaks the size rules: a file keyed by its path, a function by `path › name`; the figure is lines. */
export function sizeBreaks(sources: Source[]): Measured[] {
  return sources
    .filter(({ file }) => isProduction(file))
    .flatMap((source) => {
      const { file } = source;
      const found: Measured[] = [];
      const lines = lineCount(source.text);
      const service = file.endsWith('.service.ts');
      const limit = service ? LIMITS.serviceFile : LIMITS.file;
      if (!exemptFromFileSize(file) && lines > limit) {
        const what = service ? 'a *.service.ts' : 'a production file';
        found.push({ key: file, figure: lines, report: [`${file}:1 has ${lines} lines (${what}: at most ${limit})`] });
      }
      for (const fn of functionSizes(source)) {
        if (fn.lines <= LIMITS.fn) continue;
        const what =
          fn.component && fn.lines > LIMITS.component
            ? `component ${fn.name} has ${fn.lines} lines (a component: at most ${LIMITS.component}, a function: ${LIMITS.fn})`
            : `function ${fn.name} has ${fn.lines} lines (at most ${LIMITS.fn})`;
        found.push({ key: `${file} › ${fn.name}`, figure: fn.lines, report: [`${file}:${fn.line} ${what}`] });
      }
      return found;
    });
}
