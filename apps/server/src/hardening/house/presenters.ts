import ts from 'typescript';
import type { Offence } from './allow-list.ts';
import { isTestCode, lineOf, type Source, syntaxOf } from './sources.ts';

/**
 * Issue 31 item 5, presenters only in `*.presenter.ts` (STYLE.md habit 6: rows are mapped to contract
 * shapes in one place). A presenter, precisely: a function of the server's production code, declared
 * with `function` or as an arrow or function expression held by a `const` or an object property,
 * - whose declared return type is an API shape: a type imported from `@ustaz/contract`, or `T | null`,
 *   `T | undefined`, `T[]`, `readonly T[]` or `Array<T>` of one (a `Promise` is a service's answer, not
 *   a mapping), and
 * - that maps something stored: it is named `to[A-Z]…` or `present[A-Z]…`, or a parameter is declared
 *   with a stored type: one imported from a repo or `db/schema.ts`, one named `…Row(s)`, or
 *   `typeof table.$inferSelect`.
 * A part of a contract type (`Reservation['paidBy']`) is an API shape only in a function named as a
 * presenter: a rule that picks one field's value from a row (`paymentDifference`) is not a presenter.
 * A function with no declared return type is not judged (the contract's types name what a presenter
 * returns, so a presenter declares one).
 */

type FunctionLike = ts.FunctionDeclaration | ts.ArrowFunction | ts.FunctionExpression;

/** The local names a file imports from modules whose specifier passes `from` (types and values). */
function importedNames(tree: ts.SourceFile, from: RegExp): Set<string> {
  const names = new Set<string>();
  for (const statement of tree.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!from.test(statement.moduleSpecifier.text)) continue;
    const named = statement.importClause?.namedBindings;
    if (named && ts.isNamedImports(named)) for (const element of named.elements) names.add(element.name.text);
  }
  return names;
}

/** The type a return type shows (`T` of `T | null`, `T[]`, `Array<T>`), unless it is a Promise. */
function shownTypes(type: ts.TypeNode): ts.TypeNode[] {
  if (ts.isUnionTypeNode(type)) return type.types.flatMap(shownTypes);
  if (ts.isArrayTypeNode(type)) return shownTypes(type.elementType);
  if (ts.isTypeOperatorNode(type) && type.operator === ts.SyntaxKind.ReadonlyKeyword) return shownTypes(type.type);
  if (ts.isParenthesizedTypeNode(type)) return shownTypes(type.type);
  if (ts.isTypeReferenceNode(type) && /^(?:Readonly)?Array$/.test(type.typeName.getText())) {
    return (type.typeArguments ?? []).flatMap(shownTypes);
  }
  if (ts.isLiteralTypeNode(type) || type.kind === ts.SyntaxKind.UndefinedKeyword) return [];
  return [type];
}

/** The name a shown type starts from: `Dispute`, `Reservation` of `Reservation['paidBy']`. */
function baseName(type: ts.TypeNode): string | undefined {
  if (ts.isIndexedAccessTypeNode(type)) return baseName(type.objectType);
  if (ts.isTypeReferenceNode(type)) return type.typeName.getText().split('.')[0];
  return undefined;
}

const identifiersIn = (type: ts.TypeNode) => type.getText().match(/[A-Za-z_$][\w$]*/g) ?? [];

function nameOf(fn: FunctionLike): string | undefined {
  if (fn.name !== undefined) return fn.name.getText();
  const holder = fn.parent;
  if ((ts.isVariableDeclaration(holder) || ts.isPropertyAssignment(holder)) && holder.initializer === fn) {
    return holder.name.getText();
  }
  return undefined;
}

/** Every presenter of one server file, wherever it is. */
export function presentersOf(source: Source): Offence[] {
  const tree = syntaxOf(source);
  const contract = importedNames(tree, /^@ustaz\/contract(?:\/|$)/);
  if (contract.size === 0) return [];
  const stored = importedNames(tree, /\.repo(?:\.ts|\.js)?$|\/db\/schema(?:\.ts|\.js)?$/);
  const isStored = (type: ts.TypeNode | undefined) =>
    type !== undefined &&
    (/\b\w+Rows?\b|\$inferSelect/.test(type.getText()) || identifiersIn(type).some((name) => stored.has(name)));
  const found: Offence[] = [];
  const visit = (node: ts.Node): void => {
    const fn =
      ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node) ? node : undefined;
    const name = fn ? nameOf(fn) : undefined;
    if (fn?.type !== undefined && name !== undefined) {
      const shown = shownTypes(fn.type);
      const named = /^(?:to|present)[A-Z]/.test(name);
      const apiShape =
        shown.length > 0 &&
        shown.every((type) => contract.has(baseName(type) ?? '') && (named || !ts.isIndexedAccessTypeNode(type)));
      const mapsStored = named || fn.parameters.some((p) => isStored(p.type));
      if (apiShape && mapsStored) {
        found.push({ file: source.file, line: lineOf(tree, fn), what: `presents ${fn.type.getText()} in ${name}` });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

const isServerProduction = (file: string) => file.startsWith('apps/server/src/') && !isTestCode(file);

export function presentersOutsidePresenterFiles(sources: Source[]): Offence[] {
  return sources
    .filter(({ file }) => isServerProduction(file) && !file.endsWith('.presenter.ts'))
    .flatMap((source) => presentersOf(source).map((o) => ({ ...o, what: `${o.what}: move it to a *.presenter.ts` })));
}

/** The presenters of the `*.presenter.ts` files: what the definition must recognise. */
export const presentersInPresenterFiles = (sources: Source[]) =>
  sources.filter(({ file }) => isServerProduction(file) && file.endsWith('.presenter.ts')).flatMap(presentersOf);
