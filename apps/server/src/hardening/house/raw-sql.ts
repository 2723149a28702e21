import ts from 'typescript';
import type { Offence } from './allow-list.ts';
import { serverPath } from './repo-imports.ts';
import { isTestCode, lineOf, type Source, syntaxOf } from './sources.ts';

/**
 * Issue 31 item 5: SQL is written only in `*.repo.ts`, `db/` and the seeds, for the whole class:
 * `layers.test.ts` checks drizzle's imports and queries on `db`/`tx`/`executor`; this checks SQL text,
 * `sql` templates and queries on any variable, in every file of the server's src (`ops/` too).
 */

/** Where SQL may be written: the repos, `db/` (with the migrations) and the seeds. */
const maySql = (inSrc: string) => inSrc.endsWith('.repo.ts') || inSrc.startsWith('db/') || inSrc.startsWith('seed/');

/**
 * Text that reads as SQL: a statement as it starts (`select count(*)`, `select id, name from`,
 * `insert into t`, `set x =`, `begin`, `truncate t`…), or a clause only SQL writes (`insert into t`,
 * `delete from t`, `update t set x =`, `select … from t where`, `where x = $1`). A name
 * (`selectedSlot`), a class name (`truncate`) or a sentence that holds the words (`Select one from the
 * list`) is not SQL.
 */
const SQL_TEXT = [
  /^\s*select\s+(?:distinct\s|\*|\(|\d|[\w".]+\s*(?:,|\(|::|\sas\s))/i,
  /^\s*with\s+(?:recursive\s+)?\w+\s+as\s*\(/i,
  /^\s*truncate\s+(?:table\s+)?(?:only\s+)?"?[\w.]+"?(?:\s*,\s*"?[\w.]+"?)*\s*(?:;|$|restart|continue|cascade|restrict)/i,
  /^\s*(?:create\s+(?:table|(?:unique\s+)?index|extension|schema)|alter\s+table|drop\s+(?:table|index|schema))\s/i,
  /^\s*(?:(?:begin|commit|rollback|savepoint|vacuum|analy[sz]e|lock\s+table)(?=[\s;]|$)|set\s+(?:local\s+)?\w+\s*(?:=|to\b))/i,
  /\b(?:insert\s+into|delete\s+from)\s+"?\w/i,
  /\bupdate\s+"?\w+"?\s+set\s+"?\w+"?\s*=/i,
  /\bselect\s+[^'"]{1,200}?\s+from\s+"?[\w.]+"?(?:\s+(?:as\s+)?\w+)?\s*(?:$|;|\)|\b(?:where|join|left|inner|cross|order|group|limit|as|on)\b)/i,
  /\bwhere\s+"?[\w.]+"?\s*(?:=|<|>|in\s*\(|is\s+(?:not\s+)?null)\s*(?:\$\d|\?|'|\d)/i,
];

/** Drizzle's builders, whatever the variable they hang on: `x.select(…).from(`, `x.insert(t).values(`… */
const BUILDER_CHAIN = new Map<string, RegExp>([
  ['select', /^(?:from|where)$/],
  ['selectDistinct', /^(?:from|where)$/],
  ['selectDistinctOn', /^(?:from|where)$/],
  ['insert', /^(?:values|onConflictDoNothing|onConflictDoUpdate|returning)$/],
  ['update', /^set$/],
  ['delete', /^(?:where|returning)$/],
]);
/** A call that sends a statement, on any variable (`pool.query(`, `client.execute(`, `sql.unsafe(`). */
const SENDS = new Set(['execute', 'query', 'unsafe']);

const textOf = (node: ts.Node): string | undefined => {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' x ');
  return undefined;
};

/**
 * SQL anywhere but in repos, `db/` and seeds (issue 31): SQL text in a string or template, a tagged
 * template whose tag is `sql` (drizzle's, PGlite's or postgres.js'), a statement sent on any variable
 * (`client.query(`, `pool.query(`, `conn.execute(`), and drizzle's builders on any variable
 * (`conn.select(…).from(`). `ops/` is held to it too.
 */
export function sqlOutsideRepos(sources: Source[]): Offence[] {
  return sources.flatMap((source) => {
    const inSrc = serverPath(source.file);
    if (inSrc === undefined || isTestCode(source.file) || maySql(inSrc)) return [];
    const tree = syntaxOf(source);
    const found: Offence[] = [];
    const report = (node: ts.Node, what: string) => found.push({ file: source.file, line: lineOf(tree, node), what });
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
      if (ts.isTaggedTemplateExpression(node) && /(?:^|\.)sql$/i.test(node.tag.getText(tree))) {
        report(node, `writes SQL in a ${node.tag.getText(tree)}\`…\` template`);
        return;
      }
      const text = textOf(node);
      if (text !== undefined && SQL_TEXT.some((pattern) => pattern.test(text))) {
        report(node, `holds SQL text: ${JSON.stringify(text.replace(/\s+/g, ' ').slice(0, 60))}`);
      }
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const method = node.expression.name.text;
        const receiver = node.expression.expression.getText(tree).replace(/\s+/g, '');
        const chain = BUILDER_CHAIN.get(method);
        const parent = node.parent;
        const next = ts.isPropertyAccessExpression(parent) && parent.expression === node ? parent.name.text : undefined;
        if (SENDS.has(method)) report(node, `sends a statement: ${receiver}.${method}(`);
        else if (chain !== undefined && next !== undefined && chain.test(next)) {
          report(node, `builds a query: ${receiver}.${method}(…).${next}(`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(tree);
    return found;
  });
}
