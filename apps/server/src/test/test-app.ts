import { afterAll, beforeAll } from 'vitest';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createFactories } from './factories.ts';
import { createTestApp, createTestDatabase } from './helpers.ts';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
export type Factories = ReturnType<typeof createFactories>;

/**
 * The usual set-up of a test file (or of a describe block): the real app on a fresh database,
 * built in beforeAll and closed in afterAll, and factories on that database. The two objects are
 * filled in by that beforeAll, so read them inside tests and hooks, not at a file's top level.
 * A later beforeAll of the caller runs after this one; a later afterAll runs before the close.
 */
export function useTestApp(
  overrides: Partial<Config> = {},
  deps: { clock?: Clock } = {},
): { t: TestApp; f: Factories } {
  const t = {} as TestApp;
  const f = {} as Factories;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(overrides, deps));
    Object.assign(f, createFactories(t.database));
  });
  afterAll(() => t.close());
  return { t, f };
}

/**
 * A fresh, migrated database of its own for a test file (or a describe block), no app around it:
 * opened in beforeAll, closed in afterAll. Filled in by that beforeAll, like {@link useTestApp}'s.
 */
export function useTestDatabase(): Database {
  const database = {} as Database;
  beforeAll(async () => {
    Object.assign(database, await createTestDatabase());
  });
  afterAll(() => database.close());
  return database;
}

/**
 * {@link useTestApp} with its realtime started (as server.ts's startApp starts it), listening on a
 * free local port for real clients (socket.io): `t.url` is its address.
 */
export function useListeningTestApp(overrides: Partial<Config> = {}): { t: TestApp & { url: string }; f: Factories } {
  const { t, f } = useTestApp(overrides);
  const listening = Object.assign(t, { url: '' });
  beforeAll(async () => {
    await t.app.realtime.start();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    listening.url = `http://127.0.0.1:${address.port}`;
  });
  return { t: listening, f };
}
