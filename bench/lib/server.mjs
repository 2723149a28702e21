// What the benches share: a free port, a fresh PostgreSQL database, the real server started on it.
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const baseDatabaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** Where `taskset` exists the server is pinned to CPU 0 and the load (this process) runs on CPU 1. */
export const hasTaskset = spawnSync('taskset', ['--version']).status === 0 && os.cpus().length >= 2;

export function databaseUrl(name) {
  const url = new URL(baseDatabaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Drops and creates a database next to DATABASE_URL's; returns its URL. */
export async function recreateDatabase(name) {
  const admin = new pg.Client({ connectionString: baseDatabaseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  return databaseUrl(name);
}

/**
 * Starts apps/server/src/server.ts on the database (migrations on start, no demo data, no rate
 * limit) and waits for /api/health. `env` adds or overrides variables; `pin` uses taskset.
 */
export async function startServer({ url, port, env = {}, pin = false, name = 'bench' }) {
  const args = ['--import', 'tsx', 'apps/server/src/server.ts'];
  const [command, commandArgs] =
    pin && hasTaskset ? ['taskset', ['-c', '0', process.execPath, ...args]] : [process.execPath, args];
  const child = spawn(command, commandArgs, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000000',
      REDIS_URL: '',
      UPLOADS_DIR: path.join(os.tmpdir(), `ustaz-${name}-uploads`),
      MAIL_OUTBOX_DIR: path.join(os.tmpdir(), `ustaz-${name}-mail`),
      ...env,
    },
  });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await new Promise((resolve) => {
      http
        .get({ host: '127.0.0.1', port, path: '/api/health' }, (res) => {
          res.resume();
          resolve(res.statusCode === 200);
        })
        .on('error', () => resolve(false));
    });
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error('server did not start');
}
