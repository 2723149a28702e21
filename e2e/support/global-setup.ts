import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromePath: string;
    /** Where the server's dev mail outbox writes each mail as JSON (with its links). */
    mailDir: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A local port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy within ${timeoutMs} ms`);
}

/** The environment of a server the browser tests start: local port and address, its files under `dataDir`. */
export function serverEnv(dataDir: string, port: number): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PGLITE_DIR: path.join(dataDir, 'db'),
    MAIL_OUTBOX_DIR: path.join(dataDir, 'mail'),
    UPLOADS_DIR: path.join(dataDir, 'uploads'),
    SECRETS_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '10000',
  };
}

/** Starts the real server on a free port with a fresh embedded database, for the whole e2e run. */
export async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ustaz-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, ...serverEnv(dataDir, port) };
  // The browser tests always run on a fresh embedded database, whatever the shell has set.
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  delete env.JWT_SECRET;
  delete env.GOOGLE_CLIENT_ID;
  // With REDIS_URL the realtime fan-out and the chat rate limits go through Redis: under a prefix of this
  // run's own, so another e2e run or a developer's server on the same Redis (prefix `ustaz`) neither
  // receives this server's events nor shares its per-user budgets (user ids repeat across fresh databases).
  if (env.REDIS_URL) env.REDIS_PREFIX = `ustaz-e2e-${randomBytes(4).toString('hex')}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Generous: on a loaded machine tsx, migrations and the demo seed take more than a minute. A server
  // that never answers is stopped, not left behind.
  await waitForHealth(baseUrl, child, 180_000).catch((error: unknown) => {
    child.kill();
    throw error;
  });
  project.provide('baseUrl', baseUrl);
  project.provide('chromePath', process.env.CHROME_PATH || '/usr/bin/chromium');
  project.provide('mailDir', path.join(dataDir, 'mail'));

  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(undefined);
      }, 10_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(undefined);
      });
    });
    rmSync(dataDir, { recursive: true, force: true });
  };
}
