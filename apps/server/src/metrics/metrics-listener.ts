import { createServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';

/**
 * METRICS_PORT: GET /metrics on a listener of its own (anything else is 404), for a scraper on a
 * private network; the main port serves them only with METRICS_TOKEN. In cluster mode the primary
 * runs it with the workers' metrics aggregated. Resolves with a function that closes it.
 */
export async function startMetricsListener(
  { port, host }: { port: number; host: string },
  render: () => Promise<{ contentType: string; body: string }>,
  log: Pick<FastifyBaseLogger, 'error' | 'info'>,
): Promise<() => Promise<void>> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    render().then(
      ({ contentType, body }) => {
        response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body);
      },
      (error: unknown) => {
        log.error({ err: error }, 'metrics could not be collected');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics could not be collected\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  log.info(`Metrics on http://${host}:${port}/metrics`);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}
