import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// vite.config.ts tells the bundler the contract's files have no side effects, so a route takes only
// the contract files whose exports it uses. That holds while every top-level statement of those files
// only declares: imports, exports, types, functions and constants. A statement that does something
// when the file loads (`z.config(...)`, `registry.add(...)`) would be dropped from routes that import
// nothing of its file, so this test fails on one, with file:line.
const contractDir = path.resolve(__dirname, '../../../../packages/contract/src');

const DECLARATIONS = new Set([
  ts.SyntaxKind.ImportDeclaration,
  ts.SyntaxKind.ExportDeclaration,
  ts.SyntaxKind.TypeAliasDeclaration,
  ts.SyntaxKind.InterfaceDeclaration,
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.VariableStatement,
]);

/** A call that registers or configures something, which would run for its effect, not its value. */
const EFFECT_CALL = /\.(?:register|add|config|set)\(|globalRegistry/;

function offences(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const where = (node: ts.Node) =>
    `${path.basename(file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  return source.statements.flatMap((statement) => {
    if (!DECLARATIONS.has(statement.kind)) return [`${where(statement)} ${ts.SyntaxKind[statement.kind]}`];
    if (ts.isVariableStatement(statement) && EFFECT_CALL.test(statement.getText())) {
      return [`${where(statement)} calls something for its effect`];
    }
    return [];
  });
}

describe('the contract can be tree-shaken by file', () => {
  it('its files only declare at the top level', () => {
    const files = readdirSync(contractDir)
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .map((name) => path.join(contractDir, name));
    expect(files.length).toBeGreaterThan(5);
    expect(files.flatMap(offences)).toEqual([]);
  });
});
