// HTTP load with autocannon: `connections` keep-alive connections for `seconds`, cycling through
// `requests` ({ method, path, headers, body, setupRequest }) on each connection.
import autocannon, { type Request } from 'autocannon';

export type { Request };

export type CannonOptions = {
  port: number;
  requests: Request[];
  seconds: number;
  connections?: number;
  timeout?: number;
};

/** Runs autocannon and returns req/s (completed responses / duration), p50, p90, p99, max (ms) and error counts. */
export async function cannon({ port, requests, seconds, connections = 50, timeout = 10 }: CannonOptions) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    timeout,
    requests,
  });
  const completed = result.requests.total;
  return {
    requests: completed,
    rps: completed / result.duration,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count])),
  };
}

/** GET requests cycling through `paths`, with optional headers. */
export const gets = (paths: string[], headers: Record<string, string> = {}): Request[] =>
  paths.map((path) => ({ method: 'GET', path, headers }));
