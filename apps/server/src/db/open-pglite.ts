import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { CATALOGUE_CHANNEL, catalogueListeners } from './catalogue-channel.ts';
import type { Database } from './database.ts';
import { type QueryObserver, queryTracers, timeQueries, traceTransactions } from './query-tracing.ts';
import { setRawDoors } from './raw-sql.ts';
import * as schema from './schema.ts';

type PgliteDb = PgliteDatabase<typeof schema> & { $client: PGlite };

/** The embedded database in `dataDir` (`memory://…`: in memory); `openDatabase` adds the migrations. */
export async function openPglite(dataDir: string): Promise<Omit<Database, 'db' | 'migrate'> & { db: PgliteDb }> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  // The migrations create these extensions (slot exclusion constraint, trigram search indexes);
  // PGlite must have them loaded when it opens.
  const client = await PGlite.create({
    ...(inMemory ? {} : { dataDir }),
    extensions: { btree_gist, pg_trgm },
  });
  let queryObserver: QueryObserver = null;
  const tracers = queryTracers();
  timeQueries(client, () => queryObserver, tracers);
  traceTransactions(client, tracers);
  // One connection: a change's notification arrives with the answer to its COMMIT.
  const catalogue = catalogueListeners();
  await client.listen(CATALOGUE_CHANNEL, () => catalogue.changed());
  const db = drizzlePglite(client, { schema });
  setRawDoors(
    db,
    (text, params) => client.query(text, params),
    (work) => client.transaction((tx) => work((text, params) => tx.query(text, params))),
  );
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    poolStats: () => null,
    onCatalogueChange: catalogue.add,
    observeQueries: (observer) => {
      queryObserver = observer;
    },
    traceQueries: tracers.add,
    // One process owns an embedded database: there is nobody to exclude.
    advisoryLock: async () => ({ held: () => !client.closed, release: async () => {} }),
  };
}
