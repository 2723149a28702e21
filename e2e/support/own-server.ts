import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { createSettingsService, runtimeSettings } from '../../apps/server/src/modules/settings/settings.service.ts';
import { seedDemoData } from '../../apps/server/src/seed/seed.ts';
import { createPostgresDatabase } from '../../apps/server/src/test/helpers.ts';
import { freePort, serverEnv } from './global-setup.ts';

/**
 * A server of one spec file's own, started inside the test process as server.ts starts it (fresh
 * database, migrations, settings, demo seed, mail outbox), listening on a free local port and
 * serving the built web app.
 *
 * Why not the suite's server: a journey that ends in a teacher's earnings needs a lesson that has
 * ended, and a booked lesson ends at least 30 minutes after it starts. In production the money
 * sweeper (`src/jobs/money-sweeper.ts`) completes ended lessons through the booking service's
 * `completeDue(now)`; here `completeLessonsEndedBy(at)` calls that same service with a later
 * `now`, as the server's own tests do. The clock exists in this test process only: nothing is
 * added to the server, so no running deployment can be asked to move time.
 *
 * The database is embedded PGlite or, when the shell sets DATABASE_URL (the suite's own server
 * ignores it), a database of its own created on that PostgreSQL server for this run and dropped
 * after it; with REDIS_URL the realtime fan-out goes through Redis under a prefix of its own.
 */
export type OwnServer = {
  url: string;
  /** Where this server's mail outbox writes each mail as JSON. */
  mailDir: string;
  /** Which database this server runs on ('pglite' or 'postgres'). */
  databaseKind: 'pglite' | 'postgres';
  /** Runs the lesson-completion step of the money sweeper as if the time were `at`; answers how many lessons completed. */
  completeLessonsEndedBy(at: Date): Promise<number>;
  close(): Promise<void>;
};

export async function startOwnServer(): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ustaz-e2e-own-'));
  const { DATABASE_URL: postgresUrl, REDIS_URL: redisUrl } = process.env;
  const postgres = postgresUrl
    ? await createPostgresDatabase(postgresUrl, `ustaz_e2e_${randomBytes(6).toString('hex')}`)
    : null;
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...serverEnv(dataDir, port),
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_PREFIX: `ustaz-e2e-${randomBytes(4).toString('hex')}` } : {}),
  };
  const base = loadConfig(env);
  const config = { ...base, jwtSecret: randomBytes(48).toString('base64url') };
  const database = await openDatabase(config.database);
  await database.migrate();
  const app = await buildApp({ config, database });
  await createSettingsService(database.db, runtimeSettings(config)).ensureSettings();
  await seedDemoData(database.db, app.log, {
    uploadsDir: config.uploadsDir,
    platformFeePercent: config.payments.platformFeePercent,
  });
  app.mailer.start();
  await app.listen({ port, host: '127.0.0.1' });
  return {
    url: config.publicUrl,
    mailDir: config.mail.outboxDir,
    databaseKind: database.kind,
    completeLessonsEndedBy: (at) => app.money.booking.completeDue(at),
    close: async () => {
      await app.close();
      await database.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
