// What the benches share: a free port, a fresh PostgreSQL database, the real server started on it,
// and stopping every process they start.
import { type ChildProcess, type StdioOptions, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * The PostgreSQL server of BENCH_DATABASE_URL or DATABASE_URL (default the local one). The benches
 * create and drop their own databases (bench_*) on it through its `postgres` database and never
 * touch any other (the test suites use `test`).
 */
export const baseDatabaseUrl = (() => {
  const url = new URL(
    process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  url.pathname = '/postgres';
  return url.toString();
})();

/** Where `taskset` exists the server is pinned to CPU 0 and the load (this process) runs on CPU 1. */
export const hasTaskset = spawnSync('taskset', ['--version']).status === 0 && os.cpus().length >= 2;

/** Pins this process (the load generator) to CPU 1 where taskset exists. */
export function pinLoadToCpu1() {
  if (hasTaskset) spawnSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
}

export function databaseUrl(name: string): string {
  const url = new URL(baseDatabaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function assertOwnDatabase(name: string): void {
  if (!/^bench_[a-z0-9_]+$/.test(name)) throw new Error(`bench databases are named bench_*, not ${name}`);
}

/** The benches' ports: 3400-3499, skipping those in use and those already handed out by this process. */
const handedOut = new Set<number>();
export async function freePort(): Promise<number> {
  for (let port = 3400; port <= 3499; port++) {
    if (handedOut.has(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error('no free port in 3400-3499');
}

/** Drops and creates one of the benches' own databases (bench_*); returns its URL. */
export async function recreateDatabase(name: string): Promise<string> {
  assertOwnDatabase(name);
  const admin = new pg.Client({ connectionString: baseDatabaseUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return databaseUrl(name);
}

/** Drops one of the benches' own databases; never throws (it runs in `finally`). */
export async function dropDatabase(name: string): Promise<void> {
  assertOwnDatabase(name);
  const admin = new pg.Client({ connectionString: baseDatabaseUrl });
  try {
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
  } catch (error) {
    console.error(`could not drop ${name}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await admin.end().catch(() => {});
  }
}

/** A fresh scratch folder /tmp/bench-<name> (uploads, mail outbox, secrets, PGlite data). */
export function scratchDir(name: string): string {
  const dir = path.join(os.tmpdir(), `bench-${name}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

async function healthy(port: number, pathName = '/api/health'): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    http
      .get({ host: '127.0.0.1', port, path: pathName }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      })
      .on('error', () => resolve(false));
  });
}

/** Every process a bench started, so a crash or Ctrl-C still stops them. */
const children = new Set<ChildProcess>();
function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}
function killAll() {
  for (const child of children) {
    try {
      child.kill('SIGKILL');
    } catch {}
  }
}
process.once('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killAll();
    process.exit(130);
  });
}

/** Stops a process this bench started: SIGTERM, then SIGKILL after `graceMs`. Resolves when it has exited. */
export async function stopProcess(child: ChildProcess | null | undefined, graceMs = 10_000): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Spawns `node args` (pinned to CPU 0 with `pin`), tracked for clean-up. */
export type SpawnOptions = { pin?: boolean; env?: Record<string, string>; stdio?: StdioOptions };

export function spawnNode(
  args: string[],
  { pin = false, env = {}, stdio = ['ignore', 'ignore', 'inherit'] }: SpawnOptions = {},
): ChildProcess {
  const [command, commandArgs]: [string, string[]] =
    pin && hasTaskset ? ['taskset', ['-c', '0', process.execPath, ...args]] : [process.execPath, args];
  // taskset execs node: the child's pid is the server's.
  return track(spawn(command, commandArgs, { cwd: root, stdio, env: { ...process.env, ...env } }));
}

/** Waits until GET `pathName` answers 200, or throws when the process exits or `seconds` pass. */
export async function waitHealthy(
  child: ChildProcess,
  port: number,
  { seconds = 120, pathName = '/api/health', label = 'server' } = {},
): Promise<void> {
  for (let i = 0; i < seconds * 10; i++) {
    if (child.exitCode !== null) throw new Error(`${label} exited with ${child.exitCode} before it was ready`);
    if (await healthy(port, pathName)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stopProcess(child);
  throw new Error(`${label} did not answer ${pathName} on port ${port} within ${seconds} s`);
}

/**
 * Starts apps/server/src/server.ts and waits for /api/health. With `url` it runs on that
 * PostgreSQL database, without it on PGlite in /tmp/bench-<name>/db (or `env.PGLITE_DIR`).
 * Migrations on start, no demo data, no global rate limit. `env` adds or overrides variables;
 * `pin` uses taskset (CPU 0); `nodeArgs` go to node before the entry (e.g. `--import` a probe).
 */
export type StartServerOptions = {
  url?: string | undefined;
  port: number;
  env?: Record<string, string>;
  pin?: boolean;
  name?: string;
  stdio?: StdioOptions;
  nodeArgs?: string[];
};

export async function startServer({
  url,
  port,
  env = {},
  pin = false,
  name = 'bench',
  stdio,
  nodeArgs = [],
}: StartServerOptions): Promise<ChildProcess> {
  const dir = path.join(os.tmpdir(), `bench-${name}`);
  const child = spawnNode(['--import', 'tsx', ...nodeArgs, 'apps/server/src/server.ts'], {
    pin,
    stdio,
    env: {
      DATABASE_URL: url ?? '',
      PGLITE_DIR: path.join(dir, 'db'),
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000000',
      REDIS_URL: '',
      UPLOADS_DIR: path.join(dir, 'uploads'),
      MAIL_OUTBOX_DIR: path.join(dir, 'mail'),
      SECRETS_DIR: path.join(dir, 'secrets'),
      ...env,
    },
  });
  await waitHealthy(child, port, { label: `server ${name}` });
  return child;
}
