import type { FastifyInstance } from 'fastify';

/**
 * The money clock: frees lapsed holds, asks the gateways about payments nobody came back from
 * (settling or expiring each exactly once), decides lessons by attendance (teacher no-shows
 * refunded, ended lessons completed, earnings released from escrow a day after the end) and expires subscriptions, then refreshes teachers' ratings for reviews published by time. Each step is idempotent, so several server processes
 * may run it at once. Its time is the server's clock (TEST_CLOCK_OFFSET_SECONDS).
 */
export async function sweepMoney(app: FastifyInstance, now = app.clock()) {
  const { booking, payments, subscriptions, teachers } = app.money;
  const released = await booking.releaseExpiredHolds(now);
  const settled = await payments.expireDue(now);
  // Teacher no-shows cancelled, ended lessons completed, earnings released 24 h after the end (ADR 016).
  const { noShows, completed, released: earnings } = await booking.lessonOutcomes(now);
  const expired = await subscriptions.expireDue(now);
  // Not money, but on the same clock: ratings count reviews published by time (ADR 015).
  await teachers.refreshMaturedRatings(now);
  return { released, settled, noShows, completed, earnings, expired };
}

export function startMoneySweeper(app: FastifyInstance, everySeconds: number): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepMoney(app)
      .then((result) => {
        if (Object.values(result).some((n) => n > 0)) app.log.info(result, 'money sweep');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'money sweep failed'))
      .finally(() => {
        running = false;
      });
  }, everySeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
