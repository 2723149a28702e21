import { type ChildProcess, spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Issue 20, the production install: in a fresh copy of the repository holding only the package
 * files and the build output (the contract's and the server's, built here into the copy), `npm ci
 * --omit=dev -w @ustaz/server` installs no development tool, and `node --conditions=ustaz-dist
 * apps/server/dist/server.js` (what `npm run start:prod` runs) starts with NODE_ENV=production,
 * migrates, seeds the demo (a demo deployment: SEED_DEMO_DATA and DEMO_DEPLOYMENT, logged loudly),
 * answers /api/health/ready and signs the demo student in. No TypeScript
 * source is in the copy, and a resolve hook records every ES module the server loads: the
 * contract's dist, no `.ts` file, nothing of a development tool. Once, on PGlite.
 */
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const copy = mkdtempSync(path.join(os.tmpdir(), 'ustaz-production-'));
let server: ChildProcess | undefined;
afterAll(() => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  rmSync(copy, { recursive: true, force: true });
});

/** Runs a command to its end; rejects with its output when it fails. */
function run(command: string, args: string[], cwd: string) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')}: exit ${code}\n${output}`)),
    );
  });
}

/** What `npm ci` needs: the lock file and every workspace's package.json. */
function copyPackageFiles() {
  const root = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { workspaces: string[] };
  for (const file of ['package.json', 'package-lock.json', ...root.workspaces.map((w) => `${w}/package.json`)]) {
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    copyFileSync(path.join(repo, file), path.join(copy, file));
  }
}

/** Every file under `dir` whose name ends with `suffix` (skipping node_modules). */
function filesEndingWith(dir: string, suffix: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.includes(`${path.sep}node_modules${path.sep}`));
}

describe('production build, install and start', () => {
  it('runs the compiled server with plain node after npm ci --omit=dev', { timeout: 300_000 }, async () => {
    copyPackageFiles();
    const tsc = path.join(repo, 'node_modules/typescript/bin/tsc');
    await Promise.all([
      run('npm', ['ci', '--omit=dev', '-w', '@ustaz/server', '--prefer-offline', '--no-audit', '--no-fund'], copy),
      run(
        process.execPath,
        [tsc, '-p', 'packages/contract/tsconfig.build.json', '--outDir', path.join(copy, 'packages/contract/dist')],
        repo,
      ),
      run(process.execPath, ['apps/server/scripts/build.mjs', path.join(copy, 'apps/server/dist')], repo),
    ]);

    // No development tool was installed (they are devDependencies, or only theirs).
    for (const name of [
      'tsx',
      'typescript',
      'vitest',
      'vite',
      'esbuild',
      'drizzle-kit',
      '@biomejs/biome',
      'pino-pretty',
    ]) {
      expect(existsSync(path.join(copy, 'node_modules', name)), name).toBe(false);
    }
    // Only JavaScript to run: no TypeScript source in the copy, the migrations beside the compiled client.
    expect(filesEndingWith(copy, '.ts')).toEqual([]);
    expect(existsSync(path.join(copy, 'apps/server/dist/server.js'))).toBe(true);
    expect(existsSync(path.join(copy, 'packages/contract/dist/index.js'))).toBe(true);
    expect(filesEndingWith(path.join(copy, 'apps/server/dist/db/migrations'), '.sql').length).toBeGreaterThan(10);
    expect(existsSync(path.join(copy, 'apps/server/dist/db/migrations/meta/_journal.json'))).toBe(true);

    const rootScripts = JSON.parse(readFileSync(path.join(copy, 'package.json'), 'utf8')).scripts;
    expect(rootScripts['start:prod']).toBe('node --conditions=ustaz-dist apps/server/dist/server.js');
    // The tracer: a resolve hook (on node's hooks thread) appends each module's URL to a file.
    const traceFile = path.join(copy, 'loaded-modules.txt');
    writeFileSync(
      path.join(copy, 'trace-hooks.mjs'),
      `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(${JSON.stringify(traceFile)}, result.url + '\\n');
  return result;
}
`,
    );
    writeFileSync(
      path.join(copy, 'trace.mjs'),
      `import { register } from 'node:module';\nregister('./trace-hooks.mjs', import.meta.url);\n`,
    );
    server = spawn(
      process.execPath,
      ['--import', './trace.mjs', '--conditions=ustaz-dist', 'apps/server/dist/server.js'],
      {
        cwd: copy,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          NODE_ENV: 'production',
          JWT_SECRET: 'production-test-secret-production-test-0123',
          PAYMENTS_SANDBOX: 'true',
          MAIL_OUTBOX: 'true',
          // A demo deployment (issue 29): production seeds the demo only when asked twice.
          SEED_DEMO_DATA: 'true',
          DEMO_DEPLOYMENT: 'true',
          PUBLIC_URL: 'https://demo.ustaz.test',
          PGLITE_DIR: 'memory://',
          SECRETS_DIR: path.join(copy, 'data'),
          MAIL_OUTBOX_DIR: path.join(copy, 'data/mail'),
          UPLOADS_DIR: path.join(copy, 'data/uploads'),
          HOST: '127.0.0.1',
          PORT: '0',
        },
      },
    );
    let stdout = '';
    let stderr = '';
    server.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    server.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const exit = new Promise<number | null>((resolve) => server?.on('exit', (code) => resolve(code)));
    await expect
      .poll(() => (server?.exitCode === null ? stdout : `exited: ${stdout}${stderr}`), {
        timeout: 150_000,
        interval: 500,
      })
      .toMatch(/Ustaz is running on http:\/\/127\.0\.0\.1:\d+/);
    const base = /Ustaz is running on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)?.[1];
    // One loud line says it is a demo deployment.
    expect(stdout.split('\n').filter((line) => line.includes('DEMO DEPLOYMENT'))).toHaveLength(1);

    const ready = await fetch(`${base}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ok', database: 'up', databaseKind: 'pglite' });
    const login = await fetch(`${base}/api/v1/auth/email/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'student@ustaz.example', password: 'Ustaz2026!' }),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    expect((await login.json()) as { token?: string }).toHaveProperty('token');

    server.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(stderr).toBe('');

    const loaded = readFileSync(traceFile, 'utf8').split('\n').filter(Boolean);
    expect(loaded).toContain(`file://${copy}/packages/contract/dist/index.js`);
    expect(loaded.filter((url) => /\.[cm]?ts$/.test(url))).toEqual([]);
    expect(
      loaded.filter((url) => /node_modules\/(tsx|typescript|vitest|vite|esbuild|drizzle-kit|pino-pretty)\//.test(url)),
    ).toEqual([]);
  });
});
