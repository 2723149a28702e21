// The part of autocannon's API the benches use (the package ships no types).
declare module 'autocannon' {
  export type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    requests?: Request[];
  };
  type Histogram = { p50: number; p90: number; p99: number; max: number; average: number };
  export type Result = {
    requests: Histogram & { total: number };
    latency: Histogram;
    duration: number;
    non2xx: number;
    errors: number;
    timeouts: number;
    statusCodeStats?: Record<string, { count: number }>;
  };
  // biome-ignore lint/style/noDefaultExport: the package's CommonJS module.exports is the function itself
  export default function autocannon(options: Options): Promise<Result>;
}
