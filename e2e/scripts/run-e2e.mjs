// Runs the browser tests: finds Chromium, builds the web app, then runs vitest on e2e/tests.
// Without Chromium the step is reported as skipped in one line, with the install command.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';

if (!existsSync(chrome)) {
  console.log(
    `e2e: skipped (Chromium not found at ${chrome}; install it with: apt-get install -y chromium, or set CHROME_PATH)`,
  );
  process.exit(0);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.env.E2E_SKIP_BUILD !== '1') run('npm', ['run', 'build', '-w', '@ustaz/web']);
run('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2)], {
  env: { ...process.env, CHROME_PATH: chrome },
});
