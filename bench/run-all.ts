// `npm run bench`: every bench in sequence, each in its own process (each also runs alone, see
// package.json), then bench/results/summary.md printed. A bench that crashes is reported and the
// others still run; the exit code is 1 then. Missed budgets are figures, not failures.
//
//   npm run bench [-- --only web-size,api] [-- --skip soak] [-- --soak-minutes 10] [-- --sockets 1000]
//                 [-- --api-seconds 10] [-- --lighthouse-runs 1] [-- --chat-seconds 60]
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { arg, resultsDir, writeSummary } from './lib/results.ts';
import { root } from './lib/server.ts';

const BENCHES: [name: string, file: string, args: string[]][] = [
  ['web-size', 'web-size.ts', []],
  ['lighthouse', 'lighthouse.ts', ['--reuse-build', '--runs', String(arg('lighthouse-runs', 1))]],
  ['api', 'api-bench.ts', ['--seconds', String(arg('api-seconds', 10))]],
  ['ssr', 'ssr-bench.ts', []],
  ['booking-storm', 'booking-storm.ts', []],
  [
    'chat-fanout',
    'chat-fanout.ts',
    ['--sockets', String(arg('sockets', 1000)), '--seconds', String(arg('chat-seconds', 60))],
  ],
  ['soak', 'soak.ts', ['--minutes', String(arg('soak-minutes', 10))]],
  // The closer look at search (count cache on and off); not in the default run.
  ['search', 'search-bench.ts', []],
];
const DEFAULT = BENCHES.filter(([name]) => name !== 'search').map(([name]) => name);

const only = arg('only', '') ? arg('only', '').split(',') : DEFAULT;
const skip = arg('skip', '') ? arg('skip', '').split(',') : [];
const unknown = [...only, ...skip].filter((name) => !BENCHES.some(([n]) => n === name));
if (unknown.length > 0) {
  console.error(`unknown bench: ${unknown.join(', ')} (known: ${BENCHES.map(([n]) => n).join(', ')})`);
  process.exit(2);
}

let current: ChildProcess | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    current?.kill(signal);
    process.exit(130);
  });
}

const outcomes: { name: string; code: number; seconds: number }[] = [];
for (const [name, file, args] of BENCHES) {
  if (!only.includes(name) || skip.includes(name)) continue;
  console.log(`\n=== ${name} (${file} ${args.join(' ')}) ===`);
  const started = Date.now();
  const code = await new Promise<number>((resolve) => {
    current = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench', file), ...args], {
      cwd: path.join(root, 'bench'),
      stdio: 'inherit',
    });
    current.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
  current = undefined;
  outcomes.push({ name, code, seconds: Math.round((Date.now() - started) / 1000) });
}

writeSummary();
console.log(`\n${readFileSync(path.join(resultsDir, 'summary.md'), 'utf8')}`);
for (const o of outcomes) console.log(`${o.code === 0 ? 'ran' : 'FAILED'}  ${o.name} (${o.seconds} s)`);
process.exit(outcomes.some((o) => o.code !== 0) ? 1 : 0);
