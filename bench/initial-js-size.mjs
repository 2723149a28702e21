// Builds the web app and prints the gzip size of the JavaScript the home route loads first:
// the entry chunk, the home page's lazy chunk (the router fetches it at once on /{lang}) and
// every chunk these import statically. Budget (ARCHITECTURE.md "Budgets"): <= 130 KB gzip.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const dist = path.join(web, 'dist');
const BUDGET_KB = 130;
const HOME_MODULE = 'src/features/home/home-page.tsx';

const build = spawnSync('npx', ['vite', 'build', '--manifest'], { cwd: web, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const files = new Set();
const css = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const file of chunk.css ?? []) css.add(file);
  for (const imported of chunk.imports ?? []) collect(imported);
}
collect('index.html');
const entryOnly = new Set(files);
collect(HOME_MODULE);

function gz(file) {
  const data = readFileSync(path.join(dist, file));
  return { raw: data.length, gzip: gzipSync(data, { level: 9 }).length };
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

let total = 0;
console.log('\nJavaScript loaded first on the home route (gzip -9):');
for (const file of files) {
  const { raw, gzip } = gz(file);
  total += gzip;
  console.log(`  ${kb(gzip).padStart(9)}  (${kb(raw)} raw)  ${file}${entryOnly.has(file) ? '' : '  [home route]'}`);
}
console.log(
  `  ${kb(total).padStart(9)}  total; budget ${BUDGET_KB} KB: ${total / 1024 <= BUDGET_KB ? 'within budget' : 'OVER BUDGET'}`,
);
for (const file of css) console.log(`  CSS ${kb(gz(file).gzip)} gzip  ${file}`);
