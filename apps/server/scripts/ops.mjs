// Runs an operator command of src/ops/cli.ts (db:move-to-postgres, db:backup, db:restore, db:remove-demo): from the
// TypeScript source through tsx in a development checkout, or from the compiled dist/ops/cli.js
// (`npm run build`) in a production install without dev dependencies (`npm ci --omit=dev`).
// `node apps/server/scripts/ops.mjs <command> [options]`; the working directory stays the caller's,
// so relative paths in the options are the caller's.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const compiled = path.join(root, 'dist/ops/cli.js');
let tsx = null;
try {
  tsx = import.meta.resolve('tsx');
} catch {
  // A production install: no tsx.
}
const args = tsx ? ['--import', tsx, path.join(root, 'src/ops/cli.ts')] : ['--conditions=ustaz-dist', compiled];
if (!tsx && !existsSync(compiled)) {
  console.error(`Neither tsx nor ${compiled} is here: run npm run build first`);
  process.exit(1);
}
const result = spawnSync(process.execPath, [...args, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
