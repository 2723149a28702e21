import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoData } from './db/seed.ts';
import { createSettingsService, runtimeSettings } from './modules/settings/settings.service.ts';

/** The only entry that reads the environment and listens. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  await database.migrate();
  const app = await buildApp({ config, database });
  await createSettingsService(database.db, runtimeSettings(config)).ensureSettings();
  if (config.seedDemoData) await seedDemoData(database.db, app.log);

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('graceful shutdown timed out, exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where =
    config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.database.dataDir}`;
  app.log.info(`Ustaz is running on ${config.publicUrl} (database: ${where})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
