import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bareServerEnv } from './test/entry.ts';
import { createPostgresDatabase, unusedPort } from './test/helpers.ts';

/**
 * Issue 20, scale out: the real entry with WEB_CONCURRENCY=2 on PostgreSQL and Redis. Two worker
 * processes serve one port; exactly one of them takes the job lock and runs the money sweeper;
 * the primary's METRICS_PORT adds up both workers' metrics; SIGTERM stops them all, exit 0.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const databaseUrl = inject('databaseUrl');
const redisUrl = inject('redisUrl');

describe.skipIf(!databaseUrl || !redisUrl)('WEB_CONCURRENCY=2 (PostgreSQL and Redis)', { timeout: 180_000 }, () => {
  const dirs = mkdtempSync(path.join(os.tmpdir(), 'ustaz-cluster-'));
  let own: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    own = await createPostgresDatabase(databaseUrl, `ustaz_test_cluster_${randomBytes(6).toString('hex')}`);
  });
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await own?.drop();
    rmSync(dirs, { recursive: true, force: true });
  });

  it('serves one port from two workers, sweeps in one, aggregates metrics, stops on SIGTERM', async () => {
    const [port, metricsPort] = [await unusedPort(), await unusedPort()];
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: bareServerEnv(dirs, {
        WEB_CONCURRENCY: '2',
        DATABASE_URL: own.url,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: `ustaz-cluster-test-${randomBytes(4).toString('hex')}`,
        METRICS_PORT: String(metricsPort),
        MONEY_SWEEP_SECONDS: '1',
        SEED_DEMO_DATA: 'false',
        PORT: String(port),
      }),
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const exit = new Promise<number | null>((resolve) => child?.on('exit', (code) => resolve(code)));
    const lines = () =>
      stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { pid: number; msg: string });

    const running = () => lines().filter((line) => line.msg.startsWith('Ustaz is running'));
    await expect.poll(() => running().length, { timeout: 150_000, interval: 500 }).toBe(2);
    expect(new Set(running().map((line) => line.pid)).size).toBe(2);
    expect(running().map((line) => line.pid)).not.toContain(child.pid);

    const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ database: 'up', redis: 'up', databaseKind: 'postgres' });
    for (let i = 0; i < 20; i++) expect((await fetch(`http://127.0.0.1:${port}/api/health/live`)).status).toBe(200);

    // Both workers try the lock every second; after a few seconds still one holder.
    await expect
      .poll(() => lines().filter((line) => line.msg.includes('holds the job lock')).length, { timeout: 15_000 })
      .toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(lines().filter((line) => line.msg.includes('holds the job lock'))).toHaveLength(1);

    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    // Summed over both workers: every request, whichever worker took it.
    expect(metrics).toContain(
      'ustaz_http_request_duration_seconds_count{method="GET",route="/api/health/live",status="200"} 20',
    );
    expect(Number(/ustaz_job_runs_total\{job="money-sweep"\} (\d+)/.exec(metrics)?.[1])).toBeGreaterThanOrEqual(2);
    expect(metrics).toMatch(/\nustaz_pending_payments 0\n/);

    child.kill('SIGTERM');
    // On a failed exit, what the processes said last (a shutdown that timed out says so).
    expect(await exit, `${stdout.slice(-3000)}\n${stderr.slice(-2000)}`).toBe(0);
    expect(stdout).toContain('all workers stopped');
    // Nothing went wrong (node's deprecation notices of a dependency aside).
    const problems = stderr
      .split('\n')
      .filter((line) => line.trim() && !/DeprecationWarning|--trace-deprecation/.test(line));
    expect(problems).toEqual([]);
  });
});
