// Compiles the server to JavaScript for `npm run start:prod` (plain node, no tsx): dist/ mirrors src/
// without the tests, and the SQL migrations are copied beside the compiled db/client.js, which
// finds them next to itself. `node scripts/build.mjs [outDir]` (the production test builds into a
// temporary copy of the repository).
import { spawnSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

rmSync(outDir, { recursive: true, force: true });
// A type error fails the build (tsc still writes the files; the exit status says it failed).
const compiled = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json'), '--outDir', outDir], {
  stdio: 'inherit',
});
cpSync(path.join(root, 'src/db/migrations'), path.join(outDir, 'db/migrations'), { recursive: true });
process.exitCode = compiled.status ?? 1;
