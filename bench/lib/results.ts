// Results: every bench prints its tables and writes bench/results/<name>.json (figures, budgets,
// date, node version, git commit, machine); bench/results/summary.md gathers every budget row.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hasTaskset, root } from './server.ts';

export const resultsDir = path.join(root, 'bench/results');

/** The order of the benches in summary.md (others follow alphabetically). */
const ORDER = ['web-size', 'lighthouse', 'api', 'ssr', 'search', 'booking-storm', 'chat-fanout', 'soak'];

function git(args: string[]): string | null {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

/** Where and when: date, node, commit (and whether the work tree had changes), machine, load. */
export function runMeta() {
  return {
    date: new Date().toISOString(),
    node: process.version,
    commit: git(['rev-parse', 'HEAD']),
    dirty: (git(['status', '--porcelain']) ?? '') !== '',
    machine: {
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model ?? 'unknown',
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      loadAverageAtStart: os.loadavg().map((n) => Math.round(n * 100) / 100),
      taskset: hasTaskset,
    },
  };
}

const cell = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

/** Prints rows (objects with the same keys) as an aligned text table. */
export type Row = Record<string, unknown>;

export function printTable(title: string, rows: Row[]): void {
  if (title) console.log(`\n${title}`);
  if (rows.length === 0) {
    console.log('  (no rows)');
    return;
  }
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((row) => cell(row[c]).length)));
  const line = (values: string[]) => `  ${values.map((v, i) => v.padEnd(widths[i] ?? 0)).join('  ')}`.trimEnd();
  console.log(line(columns));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(columns.map((c) => cell(row[c]))));
}

/** A budget row: `met` is true, false or null (not measured). */
export type Budget = { budget: string; target: unknown; measured: unknown; met: boolean | null; note?: string };

export function budget(name: string, target: unknown, measured: unknown, met: boolean | null, note?: string): Budget {
  return { budget: name, target, measured, met, ...(note ? { note } : {}) };
}

const verdict = (met: boolean | null | undefined) => (met === true ? 'met' : met === false ? 'missed' : 'not measured');

/**
 * Prints the budgets, writes bench/results/<name>.json and rewrites summary.md.
 * `result`: { title, options, tables: [{ title, rows }], budgets: [budget()], notes: [string], ... }.
 */
export type BenchResult = {
  title?: string;
  budgets?: Budget[];
  notes?: string[];
  [key: string]: unknown;
};

export function writeResult(name: string, result: BenchResult, meta = runMeta()): void {
  const budgets = result.budgets ?? [];
  if (budgets.length > 0)
    printTable(
      'Budgets (ARCHITECTURE.md):',
      budgets.map((b) => ({ budget: b.budget, target: b.target, measured: b.measured, verdict: verdict(b.met) })),
    );
  for (const note of result.notes ?? []) console.log(`  note: ${note}`);
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}.json`);
  const machine = { ...meta.machine, loadAverageAtEnd: os.loadavg().map((n) => Math.round(n * 100) / 100) };
  writeFileSync(file, `${JSON.stringify({ name, ...meta, machine, ...result }, null, 2)}\n`);
  writeSummary();
  console.log(`\nWrote ${path.relative(root, file)} and bench/results/summary.md`);
}

const md = (value: unknown) => cell(value).replaceAll('|', '\\|').replaceAll('\n', ' ');

type StoredResult = BenchResult & {
  name: string;
  date?: string;
  commit?: string | null;
  dirty?: boolean;
  node?: string;
  machine?: { loadAverageAtStart?: number[]; loadAverageAtEnd?: number[] };
};

/** bench/results/summary.md: one table of every budget of every result file. */
export function writeSummary() {
  if (!existsSync(resultsDir)) return;
  const results = readdirSync(resultsDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(path.join(resultsDir, f), 'utf8')) as StoredResult)
    .sort((a, b) => {
      const [x, y] = [ORDER.indexOf(a.name), ORDER.indexOf(b.name)];
      return (x < 0 ? 99 : x) - (y < 0 ? 99 : y) || a.name.localeCompare(b.name);
    });
  const lines = [
    '# Benchmark summary',
    '',
    'Written by `npm run bench` (each bench rewrites this file from `bench/results/*.json`); budgets',
    'from `ARCHITECTURE.md` "Budgets". Machine: 2 cores; where `taskset` exists the server under test',
    'is pinned to CPU 0 and the load generator to CPU 1. The load average of the machine at the start',
    'and end of each bench is in the second table: above 2, other work shared the cores.',
    '',
    '| bench | budget | target | measured | verdict |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const r of results) {
    for (const b of r.budgets ?? []) {
      lines.push(
        `| ${md(r.name)} | ${md(b.budget)} | ${md(b.target)} | ${md(b.measured)}${b.note ? ` (${md(b.note)})` : ''} | ${verdict(b.met)} |`,
      );
    }
  }
  lines.push(
    '',
    '| bench | date | commit | node | load average at start | notes |',
    '| --- | --- | --- | --- | --- | --- |',
  );
  for (const r of results) {
    const commit = r.commit ? `${r.commit.slice(0, 10)}${r.dirty ? ' (+ local changes)' : ''}` : '-';
    lines.push(
      `| ${md(r.name)} | ${md(r.date)} | ${md(commit)} | ${md(r.node)} | ${md(r.machine?.loadAverageAtStart?.join(' '))}; ${md(r.machine?.loadAverageAtEnd?.join(' '))} | ${md((r.notes ?? []).join('; '))} |`,
    );
  }
  writeFileSync(path.join(resultsDir, 'summary.md'), `${lines.join('\n')}\n`);
}

/** `--name value` / `--flag` from argv, with a default. */
export function arg(name: string, fallback: number): number;
export function arg(name: string, fallback: string): string;
export function arg(name: string, fallback: boolean): boolean;
export function arg(name: string, fallback: number | string | boolean): number | string | boolean {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const next = process.argv[i + 1];
  if (typeof fallback === 'boolean') return true;
  if (next === undefined || next.startsWith('--')) throw new Error(`--${name} needs a value`);
  return typeof fallback === 'number' ? Number(next) : next;
}

export const round = (n: number, digits = 1): number =>
  Number.isFinite(n) ? Math.round(n * 10 ** digits) / 10 ** digits : n;
export const kb = (bytes: number): number => round(bytes / 1024, 1);
