import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createSettingsService, runtimeSettings } from './modules/settings/settings.service.ts';
import { noticeDemoData } from './seed/demo-accounts.ts';
import { seedDemoData } from './seed/seed.ts';

/**
 * After the migrations, once per start (by the primary in cluster mode): the settings row, the demo
 * data when asked for, and in production the demo notice (a demo deployment's loud line, or a
 * warning while demo accounts are left in the database).
 */
export async function prepareDatabase(config: Config, database: Database, log: FastifyBaseLogger): Promise<void> {
  await createSettingsService(database.db, runtimeSettings(config)).ensureSettings();
  await noticeDemoData(config, database.db, log);
  if (config.seedDemoData)
    await seedDemoData(database.db, log, {
      uploadsDir: config.uploadsDir,
      platformFeePercent: config.payments.platformFeePercent,
    });
}
