import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bareServerEnv, forgetLastMigrations } from './test/entry.ts';
import { unusedPort } from './test/helpers.ts';

/**
 * The real entry (`tsx src/server.ts`, what `npm start` runs) as a child process: with
 * NODE_ENV=production and nothing configured it refuses to start in one line; with nothing at
 * all (the demo) it starts. Once, on PGlite: neither depends on the database kind.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dirs = mkdtempSync(path.join(os.tmpdir(), 'ustaz-server-entry-'));
afterAll(() => rmSync(dirs, { recursive: true, force: true }));

/** The environment of this test process without anything that configures the server. */
const bareEnv = (extra: Record<string, string>) => bareServerEnv(dirs, extra);

function run(env: NodeJS.ProcessEnv, until?: RegExp) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    if (until?.test(stdout)) child.kill('SIGTERM');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('src/server.ts, the real entry', () => {
  it('refuses NODE_ENV=production without gateway keys, SMTP or JWT secret: one line on stderr, exit 1', async () => {
    const { code, stdout, stderr } = await run(bareEnv({ NODE_ENV: 'production' }));
    expect(code).toBe(1);
    expect(stdout).toBe('');
    const lines = stderr.split('\n').filter((line) => line.trim() !== '');
    expect(lines, stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/^Refusing to start with NODE_ENV=production: no keys for Payzah .*PAYMENTS_SANDBOX=true/);
    expect(lines[0]).toContain('MAIL_OUTBOX=true');
    expect(stderr).not.toMatch(/\bat .*\.ts:\d+|Error:/);
  });

  it('starts in production with the opt-ins (a sandbox demo deployment)', async () => {
    const { code, stdout, stderr } = await run(
      bareEnv({
        NODE_ENV: 'production',
        PAYMENTS_SANDBOX: 'true',
        MAIL_OUTBOX: 'true',
        JWT_SECRET: 'q7Rk2vXb9LmZp4Tn8WcYs3Hd6Jf0GaEu',
        PUBLIC_URL: 'https://ustaz.test',
      }),
      /Ustaz is running/,
    );
    expect(stdout, stderr).toContain('Ustaz is running');
    // Issue 29: production seeds no demo data unless asked for twice.
    expect(stdout).not.toContain('Demo accounts');
    expect(code).toBe(0);
  });

  it('says why when PostgreSQL is out of reach at the start-up migration: one line with the cause (issue 29)', async () => {
    const port = await unusedPort();
    const { code, stdout, stderr } = await run(bareEnv({ DATABASE_URL: `postgres://nobody@127.0.0.1:${port}/ustaz` }));
    expect(code).toBe(1);
    expect(stdout).toBe('');
    const lines = stderr.split('\n').filter((line) => line.trim() !== '');
    expect(lines, stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/^The database migrations failed: .*connect ECONNREFUSED 127\.0\.0\.1:\d+/);
    expect(stderr).not.toContain('[object Object]');
  });

  it('says why a migration failed on the embedded database: the statement and the reason the database gave (issue 29)', async () => {
    const dataDir = path.join(dirs, 'half-migrated');
    await forgetLastMigrations(dataDir);
    const { code, stderr } = await run(bareEnv({ PGLITE_DIR: dataDir, SEED_DEMO_DATA: 'false' }));
    expect(code).toBe(1);
    const lines = stderr.split('\n').filter((line) => line.trim() !== '');
    expect(lines, stderr).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^The database migrations failed: Failed query: CREATE TRIGGER .*: trigger ".+" for relation ".+" already exists \(SQLSTATE 42710\)$/,
    );
  }, 120_000);

  it('starts with no variables at all, as npm start does (the demo)', async () => {
    const { code, stdout, stderr } = await run(bareEnv({ SEED_DEMO_DATA: 'false' }), /Ustaz is running/);
    expect(stdout, stderr).toContain('Ustaz is running');
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('keeps a generated VAPID key pair in SECRETS_DIR without VAPID_PUBLIC_KEY, the same across restarts (issue 19)', async () => {
    const file = path.join(dirs, 'secrets', 'vapid-keys.json');
    const first = await run(bareEnv({ SEED_DEMO_DATA: 'false' }), /Ustaz is running/);
    expect(first.stdout, first.stderr).toContain('Ustaz is running');
    const keys = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await run(bareEnv({ SEED_DEMO_DATA: 'false' }), /Ustaz is running/);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(keys);
  }, 150_000);

  it('with PUBLIC_URL unset, a mailed link names this server at its PORT (issue 30 item 16: PORT=3941 mailed localhost:3000)', async () => {
    const port = await unusedPort();
    const outbox = path.join(dirs, `mail-port-${port}`);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: bareEnv({ SEED_DEMO_DATA: 'false', PORT: String(port), MAIL_OUTBOX_DIR: outbox }),
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await expect.poll(() => stdout, { timeout: 90_000, interval: 300 }).toContain('Ustaz is running');
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/auth/email/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ firstName: 'Sara', lastName: 'Ali', email: 'port@example.com', password: 'secret1' }),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const mails = () =>
        readdirSync(outbox, { withFileTypes: true })
          .filter((entry) => entry.name.endsWith('.json'))
          .map((e) => e.name);
      await expect
        .poll(() => (statSync(outbox, { throwIfNoEntry: false }) ? mails() : []), { timeout: 30_000 })
        .toHaveLength(1);
      const mail = JSON.parse(readFileSync(path.join(outbox, mails()[0] ?? ''), 'utf8')) as { links: string[] };
      expect(mail.links.length).toBeGreaterThan(0);
      for (const link of mail.links) expect(new URL(link).origin).toBe(`http://localhost:${port}`);
    } finally {
      child.kill('SIGTERM');
      await exit;
    }
  }, 150_000);
});
