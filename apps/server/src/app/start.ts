import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics } from 'prom-client';
import { shareMetricsWithPrimary } from '../cluster.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { startMoneySweeper } from '../jobs/money-sweeper.ts';
import { startPushJobs } from '../jobs/push-jobs.ts';
import { startMetricsListener } from '../metrics/metrics-listener.ts';

/**
 * What a running server has beside its routes, started on an app that buildApp built (server.ts
 * calls it before `listen`, as it adds the hooks that stop them): the realtime (socket.io on the
 * app's HTTP server, the Redis adapter, the notification poller and the session check), the mail
 * worker, the money sweeper, the push jobs and the process's metrics. `app.close()` stops each.
 * Tests start only what they need, by the same calls (`app.realtime.start()`, `app.mailer.start()`).
 */
export async function startApp(app: FastifyInstance, { config, database }: { config: Config; database: Database }) {
  await app.realtime.start();
  app.mailer.start();
  // Sweeps run in the one process (of every worker and machine) holding the job lock.
  const stopSweeper = startMoneySweeper(app, config.payments.sweepSeconds, database);
  app.addHook('onClose', () => stopSweeper());
  collectDefaultMetrics({ register: app.metrics.registry });
  if (cluster.isWorker) shareMetricsWithPrimary(app.metrics.registry);
  else if (config.metrics.port !== undefined) {
    const stopMetrics = await startMetricsListener(
      { port: config.metrics.port, host: config.host },
      async () => ({ contentType: app.metrics.contentType, body: await app.metrics.registry.metrics() }),
      app.log,
    );
    app.addHook('onClose', () => stopMetrics());
  }
  const stopPushJobs = startPushJobs(app);
  app.addHook('onClose', async () => stopPushJobs());
}
