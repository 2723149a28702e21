import cluster, { type Worker } from 'node:cluster';
import { type Logger, pino } from 'pino';
import { AggregatorRegistry, type Registry } from 'prom-client';
import type { Config } from './config.ts';
import { startMetricsListener } from './metrics/metrics-listener.ts';

/**
 * WEB_CONCURRENCY > 1: this (primary) process prepares the database once (`prepare`: migrations,
 * settings, demo data), then forks the workers, which listen on the one port (node's cluster
 * module hands them the connections) and run src/server.ts's worker path. A worker that dies is
 * replaced; one that dies before it ever listened stops the whole thing (a start-up error would
 * loop). SIGTERM/SIGINT reach every worker, which drain within SHUTDOWN_TIMEOUT_SECONDS; the
 * primary exits when they have (0 when all exited cleanly). With METRICS_PORT the primary serves
 * /metrics with every worker's metrics aggregated (prom-client's AggregatorRegistry).
 */
export async function runPrimary(config: Config, prepare: (log: Logger) => Promise<void>): Promise<void> {
  const log = pino({ level: config.logLevel });
  await prepare(log);

  const listened = new WeakSet<Worker>();
  let stopping = false;
  let failed = false;
  let stopMetrics: (() => Promise<void>) | undefined;

  const finish = async () => {
    await stopMetrics?.();
    log.info({ clean: !failed }, 'all workers stopped');
    process.exit(failed ? 1 : 0);
  };
  const liveWorkers = () => Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
  function stop(signal: string, reason?: string) {
    if (stopping) return;
    stopping = true;
    log.info({ signal, reason }, 'stopping the workers');
    for (const worker of liveWorkers()) worker.process.kill('SIGTERM');
    // The workers' own timeout ends them; this one is for a worker that does not end at all.
    const timer = setTimeout(
      () => {
        log.error('workers did not stop in time, killing them');
        for (const worker of liveWorkers()) worker.process.kill('SIGKILL');
        process.exit(1);
      },
      (config.shutdownTimeoutSeconds + 5) * 1000,
    );
    timer.unref();
    if (liveWorkers().length === 0) void finish();
  }

  cluster.on('listening', (worker) => listened.add(worker));
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (code !== 0) failed = true;
      if (liveWorkers().length === 0) void finish();
      return;
    }
    if (!listened.has(worker)) {
      log.error({ pid: worker.process.pid, code, signal }, 'a worker failed to start; stopping');
      failed = true;
      stop('worker-start-failed');
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, 'a worker died; starting another');
    cluster.fork();
  });
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  if (config.metrics.port !== undefined) {
    const aggregated = new AggregatorRegistry();
    stopMetrics = await startMetricsListener(
      { port: config.metrics.port, host: config.host },
      async () => ({ contentType: aggregated.contentType, body: await aggregated.clusterMetrics() }),
      log,
    );
  }
  for (let i = 0; i < config.webConcurrency; i++) cluster.fork();
  log.info(`Ustaz primary ${process.pid}: ${config.webConcurrency} workers on port ${config.port}`);
}

/** In a worker: answer the primary's requests for this worker's metrics (its aggregated /metrics). */
export function shareMetricsWithPrimary(registry: Registry) {
  // Constructing one registers the worker's listener for the primary's requests.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}
