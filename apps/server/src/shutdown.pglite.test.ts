import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { bareServerEnv } from './test/entry.ts';
import { unusedPort } from './test/helpers.ts';

/**
 * Issue 20, the real entry (`tsx src/server.ts`) as a child process: graceful shutdown drains a
 * request in flight and exits 0, or exits 1 at SHUTDOWN_TIMEOUT_SECONDS; METRICS_PORT serves
 * /metrics on a listener of its own (the main port does not); WEB_CONCURRENCY > 1 is refused on the
 * embedded database. On PGlite only: none of it depends on the database kind.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dirs = mkdtempSync(path.join(os.tmpdir(), 'ustaz-shutdown-'));
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});
afterAll(() => rmSync(dirs, { recursive: true, force: true }));

const bareEnv = (extra: Record<string, string>) => bareServerEnv(dirs, { SEED_DEMO_DATA: 'false', ...extra });

/** Starts the entry; resolves when it listens, with its port, its output so far and its exit. */
async function start(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  children.push(child);
  const output = { stdout: '', stderr: '' };
  child.stdout?.on('data', (chunk: Buffer) => {
    output.stdout += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output.stderr += chunk.toString('utf8');
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`not listening in time:\n${output.stdout}${output.stderr}`)),
      90_000,
    );
    const check = () => {
      const match = /Ustaz is running on http:\/\/127\.0\.0\.1:(\d+)/.exec(output.stdout);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', check);
    void exit.then((code) => reject(new Error(`exited ${code}:\n${output.stdout}${output.stderr}`)));
  });
  return { child, port, output, exit };
}

/** A login request whose body is sent in two parts: the server holds it in flight until the second. */
function halfSentRequest(port: number) {
  const body = JSON.stringify({ email: 'nobody-here@ustaz.test', password: 'Whatever-2026!' });
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('utf8');
  });
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  socket.on('error', () => {});
  socket.write(
    `POST /api/v1/auth/email/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
  );
  return { finish: () => socket.write(body.slice(10)), closed };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function refused(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(true));
  });
}

// Each test starts the server (migrations on a fresh embedded database: 20 s and more on a busy machine).
describe('graceful shutdown and the metrics listener (src/server.ts)', { timeout: 120_000 }, () => {
  it('serves /metrics on METRICS_PORT only; on SIGTERM finishes the request in flight, refuses new connections, exits 0', async () => {
    const metricsPort = await unusedPort();
    const server = await start(bareEnv({ METRICS_PORT: String(metricsPort), SHUTDOWN_TIMEOUT_SECONDS: '20' }));

    expect((await fetch(`http://127.0.0.1:${server.port}/api/health/live`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${server.port}/metrics`)).status).toBe(404);
    const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(text).toContain(
      'ustaz_http_request_duration_seconds_count{method="GET",route="/api/health/live",status="200"} 1',
    );
    expect(text).toContain('process_cpu_user_seconds_total');
    expect((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);

    const request = halfSentRequest(server.port);
    await pause(300);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await expect.poll(() => server.output.stdout, { timeout: 10_000 }).toContain('shutting down');
    await pause(500);
    // Still draining: the process waits for the request; the port takes no new connection.
    expect(server.child.exitCode).toBeNull();
    expect(await refused(server.port)).toBe(true);

    request.finish();
    const answer = await request.closed;
    // A real answer from the handler (the address is unknown), not a reset or a 503.
    expect(answer).toMatch(/^HTTP\/1\.1 422 /);
    expect(answer).toContain('"notFound"');
    expect(await server.exit).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(20_000);
    expect(server.output.stderr).toBe('');
  });

  it('exits 1 at SHUTDOWN_TIMEOUT_SECONDS when a request never finishes', async () => {
    const server = await start(bareEnv({ SHUTDOWN_TIMEOUT_SECONDS: '1' }));
    halfSentRequest(server.port);
    await pause(300);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(1);
    const took = Date.now() - signalled;
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(8_000);
    expect(server.output.stdout).toContain('graceful shutdown timed out');
  });

  it('refuses WEB_CONCURRENCY=2 without Redis and PostgreSQL: one line on stderr, exit 1', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: bareEnv({ WEB_CONCURRENCY: '2' }),
    });
    children.push(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    expect(stdout).toBe('');
    const lines = stderr.split('\n').filter((line) => line.trim() !== '');
    expect(lines, stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/^Refusing to start with WEB_CONCURRENCY=2: .*REDIS_URL and DATABASE_URL/);
  });
});
