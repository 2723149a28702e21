import path from 'node:path';
import ts from 'typescript';
import { lineOf, type Source, syntaxOf } from './sources.ts';

/**
 * The import graph the house rules read: every `import … from`, `export … from`, `import '…'`,
 * `import('…')` and `import('…').T` type of a file, value or type, with the file it names when that
 * is one of the sources (a relative path, `.js` written for `.ts`, the extension left out).
 */
export type Import = { line: number; specifier: string; typeOnly: boolean; target: string | undefined };

function specifiersOf(tree: ts.SourceFile): { node: ts.Node; specifier: string; typeOnly: boolean }[] {
  const found: { node: ts.Node; specifier: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            named !== undefined &&
            ts.isNamedImports(named) &&
            named.elements.length > 0 &&
            named.elements.every((element) => element.isTypeOnly)));
      found.push({ node, specifier: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ node, specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ node, specifier: node.arguments[0].text, typeOnly: false });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push({ node, specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

/** The source a relative specifier names, if it is one of `files`. */
export function resolve(from: string, specifier: string, files: ReadonlySet<string>): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const stem = base.replace(/\.[cm]?js$/, '');
  const candidates = /\.tsx?$/.test(base)
    ? [base]
    : [`${stem}.ts`, `${stem}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((candidate) => files.has(candidate));
}

/** Every import of one source; `files` are the paths the specifiers may resolve to. */
export function importsOf(source: Source, files: ReadonlySet<string>): Import[] {
  const tree = syntaxOf(source);
  return specifiersOf(tree).map(({ node, specifier, typeOnly }) => ({
    line: lineOf(tree, node),
    specifier,
    typeOnly,
    target: resolve(source.file, specifier, files),
  }));
}
