import type { Database } from '../db/client.ts';

/** How long the database may take to answer `select 1` before the health check calls it down. */
const PING_TIMEOUT_MS = 2_000;

async function databaseUp(database: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([database.ping().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Redis as the realtime sees it: `off` without REDIS_URL. */
export type RedisStatus = () => Promise<'up' | 'down' | 'off'>;

/** Which part is down: the database (the process cannot serve) or Redis (fan-out across processes). */
export async function checkHealth(database: Database, redisStatus: RedisStatus) {
  const [db, redis] = await Promise.all([
    databaseUp(database).then((up) => (up ? ('up' as const) : ('down' as const))),
    redisStatus(),
  ]);
  return {
    status: db === 'up' && redis !== 'down' ? ('ok' as const) : ('degraded' as const),
    database: db,
    redis,
    databaseKind: database.kind,
  };
}
