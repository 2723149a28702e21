import type { FastifyInstance } from 'fastify';
import type { AdvisoryLock, Database } from '../db/client.ts';

/**
 * The money clock: frees lapsed holds, asks the gateways about payments nobody came back from
 * (settling or expiring each exactly once), decides lessons by attendance (teacher no-shows
 * refunded, ended lessons completed, earnings released from escrow a day after the end) and expires subscriptions, then refreshes teachers' ratings for reviews published by time. Each step is idempotent, so several server processes
 * may run it at once (`startMoneySweeper` runs it in one). Its time is the server's clock (TEST_CLOCK_OFFSET_SECONDS).
 */
export async function sweepMoney(app: FastifyInstance, now = app.clock()) {
  const { booking, payments, subscriptions, teachers } = app.money;
  const released = await booking.releaseExpiredHolds(now);
  // Standing weekly series (issue 32): lessons charged 48 h before, released unpaid 24 h before.
  const standing = await booking.standing.sweepStanding(now);
  const settled = await payments.expireDue(now);
  // Teacher no-shows cancelled, ended lessons completed, earnings released 24 h after the end (ADR 016).
  const { noShows, completed, released: earnings } = await booking.lessonOutcomes(now);
  const expired = await subscriptions.expireDue(now);
  // Not money, but on the same clock: ratings count reviews published by time (ADR 015).
  await teachers.refreshMaturedRatings(now);
  // A teacher's proposal of a new time not answered by the lesson's start lapses (issue 32).
  const lapsedProposals = await booking.lapseStartedProposals(now);
  return {
    released,
    settled,
    noShows,
    completed,
    earnings,
    expired,
    standingCharged: standing.charged,
    standingReleased: standing.released,
    lapsedProposals,
  };
}

/**
 * The PostgreSQL advisory lock key of the money sweeper ('usms'): whoever holds it, on any
 * process or machine sharing the database, runs the sweeps; the others keep trying, and take over
 * within a period when the holder stops or its connection ends.
 */
export const MONEY_SWEEP_LOCK_KEY = 0x75736d73;

/**
 * Runs `sweepMoney` every `everySeconds` in the one process that holds the job lock (each step is
 * idempotent, so a second sweeper would be harmless, but the work is done once). Counts runs and
 * failures in the app's metrics. The returned stop waits for a running sweep and frees the lock.
 */
export function startMoneySweeper(
  app: FastifyInstance,
  everySeconds: number,
  database: Pick<Database, 'advisoryLock'>,
): () => Promise<void> {
  let lock: AdvisoryLock | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  async function tick() {
    if (lock && !lock.held()) {
      lock = null;
      app.log.warn('money sweeper: the job lock was lost with its database connection; trying again');
    }
    if (!lock) {
      lock = await database.advisoryLock(MONEY_SWEEP_LOCK_KEY).catch((error: unknown) => {
        app.log.warn({ err: error }, 'money sweeper: could not ask for the job lock');
        return null;
      });
      if (!lock) return;
      if (stopped) {
        await lock.release();
        return;
      }
      app.log.info('money sweeper: this process holds the job lock and runs the sweeps');
    }
    try {
      const result = await sweepMoney(app);
      app.metrics.jobRuns.inc({ job: 'money-sweep' });
      if (Object.values(result).some((n) => n > 0)) app.log.info(result, 'money sweep');
    } catch (error) {
      app.metrics.jobRuns.inc({ job: 'money-sweep' });
      app.metrics.jobFailures.inc({ job: 'money-sweep' });
      app.log.error({ err: error }, 'money sweep failed');
    }
  }

  const timer = setInterval(() => {
    if (running || stopped) return;
    running = tick().finally(() => {
      running = null;
    });
  }, everySeconds * 1000);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
    await lock?.release();
    lock = null;
  };
}
