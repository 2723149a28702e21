import { timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import { businessCounts } from './metrics.repo.ts';

/**
 * The Prometheus metrics of one app (its own registry: tests build many apps in one process).
 * server.ts adds the process's default metrics and, in cluster mode, hands the registry to the
 * primary's aggregation. Gauges of shared state (the database's counts) are aggregated with `max`,
 * per-process ones (sockets, pool connections) are summed.
 */
export function createMetrics(database: Database, localSockets: () => number) {
  const registry = new Registry();
  const httpDuration = new Histogram({
    name: 'ustaz_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern (not the raw URL) and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const chatMessages = new Counter({
    name: 'ustaz_chat_messages_total',
    help: 'Chat messages stored (a resend of the same client message id is not counted again)',
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'ustaz_job_runs_total',
    help: 'Background job runs by job (only the process holding the job lock runs them)',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'ustaz_job_failures_total',
    help: 'Background job runs that failed, by job',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'ustaz_socket_connections',
    help: 'Open socket.io connections of this process (summed across workers)',
    registers: [registry],
    collect() {
      this.set(localSockets());
    },
  });
  new Gauge({
    name: 'ustaz_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting for a connection, max); none on PGlite',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = database.poolStats();
      if (!stats) return;
      for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
    },
  });
  const queryDuration = new Histogram({
    name: 'ustaz_db_query_duration_seconds',
    help: 'Database query time (PostgreSQL: every query; PGlite: queries outside transactions)',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [registry],
  });
  database.observeQueries((seconds) => queryDuration.observe(seconds));
  // A scrape collects every metric at once: both business gauges share one count.
  let counting: Promise<{ pendingPayments: number; heldSlots: number } | null> | null = null;
  const businessNow = () => {
    // Database down: null, and the gauges keep their last value (/api/health/ready tells the outage).
    counting ??= businessCounts(database.db)
      .catch(() => null)
      .finally(() => {
        counting = null;
      });
    return counting;
  };
  const businessGauges = [
    ['ustaz_pending_payments', 'Gateway payments waiting for their answer', 'pendingPayments'],
    ['ustaz_held_slots', 'Time slots held for a pending gateway payment', 'heldSlots'],
  ] as const;
  for (const [name, what, count] of businessGauges) {
    new Gauge({
      name,
      help: `${what} (counted in the database at scrape time)`,
      aggregator: 'max',
      registers: [registry],
      async collect() {
        const counts = await businessNow();
        if (counts) this.set(counts[count]);
      },
    });
  }

  return {
    registry,
    httpDuration,
    chatMessages,
    jobRuns,
    jobFailures,
    contentType: registry.contentType,
    stop() {
      database.observeQueries(null);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Whether an `Authorization` header carries the metrics token (compared in constant time). */
export function hasMetricsToken(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
