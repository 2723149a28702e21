import type { PGlite } from '@electric-sql/pglite';

export type QueryObserver = ((seconds: number) => void) | null;

/** The listeners of `traceQueries`. */
export function queryTracers() {
  const listeners = new Set<(text: string) => void>();
  return {
    add(listener: (text: string) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    trace(text: string) {
      for (const listener of listeners) listener(text);
    },
    get active() {
      return listeners.size > 0;
    },
  };
}
export type QueryTracers = ReturnType<typeof queryTracers>;

/** A driver query's text: its first argument, a string or a config object with `text`. */
const textOf = (first: unknown): string =>
  typeof first === 'string' ? first : String((first as { text?: unknown } | null)?.text ?? '');

/**
 * Wraps a driver's `query` so each call's duration reaches the current observer (promise or
 * callback form) and its text the tracers.
 */
export function timeQueries(target: { query: unknown }, observer: () => QueryObserver, tracers: QueryTracers) {
  const query = (target.query as (...args: unknown[]) => unknown).bind(target);
  target.query = (...args: unknown[]) => {
    if (tracers.active) tracers.trace(textOf(args[0]));
    const observe = observer();
    if (!observe) return query(...args);
    const started = performance.now();
    const done = () => observe((performance.now() - started) / 1000);
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        done();
        return (last as (...results: unknown[]) => unknown)(...results);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.then(done, done);
    return result;
  };
}

/**
 * PGlite runs a transaction's BEGIN and COMMIT (or ROLLBACK) itself, and its statements through the
 * transaction's own `query`/`exec`: the tracers hear all of them.
 */
export function traceTransactions(client: PGlite, tracers: QueryTracers) {
  const transaction = client.transaction.bind(client);
  client.transaction = ((run: (tx: Parameters<Parameters<PGlite['transaction']>[0]>[0]) => Promise<unknown>) =>
    transaction(async (tx) => {
      if (!tracers.active) return run(tx);
      tracers.trace('begin');
      const traced = (method: 'query' | 'exec') => ({
        value: (text: string, ...rest: unknown[]) => {
          tracers.trace(text);
          return (tx[method] as (...args: unknown[]) => unknown)(text, ...rest);
        },
      });
      const tracedTx = Object.create(tx, { query: traced('query'), exec: traced('exec') }) as typeof tx;
      try {
        const result = await run(tracedTx);
        tracers.trace(tx.closed ? 'rollback' : 'commit');
        return result;
      } catch (error) {
        tracers.trace('rollback');
        throw error;
      }
    })) as PGlite['transaction'];
}
