// Runs the browser tests: finds Chromium, builds the web app, then runs vitest on e2e/tests; then
// the chat and booking specs again through deploy/nginx.conf in front of two app processes
// (vitest.nginx.config.ts) when nginx, DATABASE_URL and REDIS_URL are there. Without Chromium (or
// nginx, ...) the step is reported as skipped in one line, with the install command.
// `--nginx` runs only the nginx suite; spec filters after the options run only the main suite's.
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

const args = process.argv.slice(2);
const nginxOnly = args[0] === '--nginx';
const filters = nginxOnly ? args.slice(1) : args;

if (process.env.E2E_SKIP_BUILD !== '1') run('npm', ['run', 'build', '-w', '@ustaz/web']);
if (!nginxOnly)
  run('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...filters], {
    env: { ...process.env, CHROME_PATH: chrome },
  });

if (nginxOnly || filters.length === 0) {
  const nginx = [process.env.NGINX_PATH, '/usr/sbin/nginx'].find((candidate) => candidate && existsSync(candidate));
  const missing = [
    ...(nginx ? [] : ['nginx (apt-get install -y nginx-light, or set NGINX_PATH)']),
    ...(process.env.DATABASE_URL ? [] : ['DATABASE_URL']),
    ...(process.env.REDIS_URL ? [] : ['REDIS_URL']),
  ];
  if (missing.length > 0) {
    console.log(`e2e through nginx: skipped (needs ${missing.join(', ')})`);
    if (nginxOnly) process.exit(1);
  } else {
    run('npx', ['vitest', 'run', '--config', 'e2e/vitest.nginx.config.ts', ...(nginxOnly ? filters : [])], {
      env: { ...process.env, CHROME_PATH: chrome, NGINX_PATH: nginx },
    });
  }
}
