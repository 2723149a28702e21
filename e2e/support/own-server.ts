import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase, rawQueryOf } from '../../apps/server/src/db/client.ts';
import { sweepMoney } from '../../apps/server/src/jobs/money-sweeper.ts';
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
 * ended, and a booked lesson ends at least 30 minutes after it starts; a lesson room opens only 10
 * minutes before its start. This server's clock (`app.clock`, what decides a lesson's state: the
 * room's window, attendance, completion, double-blind publication) can be moved while it runs:
 * `setClock(at)` makes the server's "now" `at` (and time goes on from there), `sweep()` runs the
 * money sweeper (`src/jobs/money-sweeper.ts`: holds, payments, completion or a teacher's no-show,
 * earnings released, subscriptions, ratings) at that clock until a round has nothing left to do, as
 * production's sweep every minute would have by then. `completeLessonsEndedBy(at)` runs only the completion step with a given `now`.
 *
 * The movable clock exists in this test process only: it is handed to `buildApp({ clock })`, and no
 * route can move it, so no running deployment can be asked to move time. The documented way to
 * shift a real server's clock for tests and demos is TEST_CLOCK_OFFSET_SECONDS (a fixed offset,
 * refused with NODE_ENV=production); it is this clock's starting offset here too.
 *
 * The database is embedded PGlite or, when the shell sets DATABASE_URL (the suite's own server
 * ignores it), a database of its own created on that PostgreSQL server for this run and dropped
 * after it; with REDIS_URL the realtime fan-out goes through Redis under a prefix of its own.
 */
export type OwnServer = {
  url: string;
  /** Where this server's mail outbox writes each mail as JSON. */
  mailDir: string;
  /** The platform's share of a lesson's price (PLATFORM_FEE_PERCENT). */
  platformFeePercent: number;
  /** Which database this server runs on ('pglite' or 'postgres'). */
  databaseKind: 'pglite' | 'postgres';
  /** Runs the lesson-completion step of the money sweeper as if the time were `at`; answers how many lessons completed. */
  completeLessonsEndedBy(at: Date): Promise<number>;
  /** Moves the server's clock: its "now" becomes `at`, and runs on from there. */
  setClock(at: Date): void;
  /** The server's "now". */
  now(): Date;
  /**
   * The money sweeper at the server's clock as production would have run it by then (every minute):
   * rounds until one has nothing left to do (each step works in batches). Answers how many rounds did something.
   */
  sweep(): Promise<number>;
  /** Runs SQL on this server's database: what a spec sets up that no route can (as the server's own tests do). */
  query(text: string, params?: unknown[]): Promise<unknown[]>;
  close(): Promise<void>;
};

/** `env`: more of the server's environment (e.g. TRUST_PROXY, so a spec can speak from many addresses). */
export async function startOwnServer(options: { env?: Record<string, string> } = {}): Promise<OwnServer> {
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
    ...options.env,
  };
  const base = loadConfig(env);
  const config = { ...base, jwtSecret: randomBytes(48).toString('base64url') };
  const database = await openDatabase(config.database);
  await database.migrate();
  let offsetMs = config.clockOffsetSeconds * 1000;
  const clock = () => new Date(Date.now() + offsetMs);
  const app = await buildApp({ config, database, clock });
  await createSettingsService(database.db, runtimeSettings(config)).ensureSettings();
  await seedDemoData(database.db, app.log, {
    uploadsDir: config.uploadsDir,
    platformFeePercent: config.payments.platformFeePercent,
  });
  // What it needs of server.ts's startApp: mail and the realtime; the money sweeper runs when a spec calls sweep().
  app.mailer.start();
  await app.realtime.start();
  await app.listen({ port, host: '127.0.0.1' });
  return {
    url: config.publicUrl,
    mailDir: config.mail.outboxDir,
    databaseKind: database.kind,
    platformFeePercent: config.payments.platformFeePercent,
    completeLessonsEndedBy: (at) => app.money.booking.completeDue(at),
    setClock: (at) => {
      offsetMs = at.getTime() - Date.now();
    },
    now: clock,
    sweep: async () => {
      for (let round = 0; round < 50; round++) {
        const done = await sweepMoney(app);
        if (!Object.values(done).some((n) => n > 0)) return round;
      }
      throw new Error('the money sweeper still had work after 50 rounds');
    },
    query: async (text, params = []) => (await rawQueryOf(database.db)(text, params)).rows,
    close: async () => {
      await app.close();
      await database.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
