import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { createPostgresDatabase, testConfig } from '../test/helpers.ts';
import { MONEY_SWEEP_LOCK_KEY, startMoneySweeper } from './money-sweeper.ts';

/**
 * Issue 20: background jobs run once across processes. Two app instances, each with its own
 * connection pool (to PostgreSQL, two processes; advisory locks belong to sessions), run the money
 * sweeper on one database at the same time: only the holder of the job lock sweeps; when it stops,
 * the other takes over.
 */

type Instance = { app: FastifyInstance; database: Database; stop?: () => Promise<void> };
let own: Awaited<ReturnType<typeof createPostgresDatabase>>;
const instances: Instance[] = [];

beforeAll(async () => {
  own = await createPostgresDatabase(inject('databaseUrl'), `ustaz_test_jobs_${randomBytes(6).toString('hex')}`);
  for (let i = 0; i < 2; i++) {
    const database = await openDatabase({ kind: 'postgres', url: own.url });
    if (i === 0) await database.migrate();
    const app = await buildApp({ config: testConfig(), database });
    await app.ready();
    instances.push({ app, database });
  }
});

afterAll(async () => {
  for (const { app, database, stop } of instances) {
    await stop?.();
    await app.close();
    await database.close();
  }
  await own?.drop();
});

async function sweeps(app: FastifyInstance): Promise<number> {
  const metric = await app.metrics.registry.getSingleMetric('ustaz_job_runs_total')?.get();
  return metric?.values.find((value) => value.labels.job === 'money-sweep')?.value ?? 0;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the money sweeper across two instances on one PostgreSQL database', () => {
  it('the advisory lock has one holder at a time, and is free again when released', async () => {
    const [a, b] = instances as [Instance, Instance];
    const held = await a.database.advisoryLock(MONEY_SWEEP_LOCK_KEY + 1);
    expect(held?.held()).toBe(true);
    expect(await b.database.advisoryLock(MONEY_SWEEP_LOCK_KEY + 1)).toBeNull();
    await held?.release();
    const taken = await b.database.advisoryLock(MONEY_SWEEP_LOCK_KEY + 1);
    expect(taken?.held()).toBe(true);
    await taken?.release();
  });

  it('sweeps in one instance only while both run it, and in the other once the first stops', async () => {
    for (const instance of instances) instance.stop = startMoneySweeper(instance.app, 0.1, instance.database);
    await pause(1_500);
    const [a, b] = instances as [Instance, Instance];
    const first = [await sweeps(a.app), await sweeps(b.app)];
    // Exactly one of them swept (several times: every 100 ms).
    expect(
      first.filter((count) => count > 0),
      JSON.stringify(first),
    ).toHaveLength(1);
    expect(Math.max(...first)).toBeGreaterThan(3);

    const [holder, other] = (first[0] ?? 0) > 0 ? [a, b] : [b, a];
    await holder.stop?.();
    holder.stop = undefined;
    const before = await sweeps(other.app);
    await pause(1_000);
    expect(await sweeps(other.app)).toBeGreaterThan(before);
  });
});
