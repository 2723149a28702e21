import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { type Config, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { startMoneySweeper } from './jobs/money-sweeper.ts';
import { startPushJobs } from './jobs/push-jobs.ts';
import { generateVapidKeys } from './modules/push/push.service.ts';
import { createSettingsService, runtimeSettings } from './modules/settings/settings.service.ts';
import { seedDemoData } from './seed/seed.ts';

/**
 * Without JWT_SECRET, a random key is kept in SECRETS_DIR so sessions survive a restart (development
 * and the demo only: loadConfig refuses production without JWT_SECRET).
 */
function withJwtSecret(config: Config): Config {
  if (config.jwtSecret) return config;
  const file = path.join(config.secretsDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(config.secretsDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return { ...config, jwtSecret: readFileSync(file, 'utf8').trim() };
}

/**
 * Without VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, a generated pair is kept in SECRETS_DIR like the JWT
 * key, so browsers' push subscriptions (made for the public key) survive a restart.
 */
function withVapidKeys(config: Config): Config {
  if (config.push.vapid) return config;
  const file = path.join(config.secretsDir, 'vapid-keys.json');
  if (!existsSync(file)) {
    mkdirSync(config.secretsDir, { recursive: true });
    writeFileSync(file, JSON.stringify(generateVapidKeys()), { mode: 0o600 });
  }
  const keys = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  return { ...config, push: { ...config.push, vapid: { publicKey: keys.publicKey, privateKey: keys.privateKey } } };
}

/** The only entry that reads the environment and listens. */
async function main() {
  const config = withVapidKeys(withJwtSecret(loadConfig()));
  const database = await openDatabase(config.database);
  await database.migrate();
  const app = await buildApp({ config, database });
  await createSettingsService(database.db, runtimeSettings(config)).ensureSettings();
  if (config.seedDemoData)
    await seedDemoData(database.db, app.log, {
      uploadsDir: config.uploadsDir,
      platformFeePercent: config.payments.platformFeePercent,
    });
  app.mailer.start();
  const stopSweeper = startMoneySweeper(app, config.payments.sweepSeconds);
  app.addHook('onClose', async () => stopSweeper());
  const stopPushJobs = startPushJobs(app);
  app.addHook('onClose', async () => stopPushJobs());

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

  const address = await app.listen({ port: config.port, host: config.host });
  const where =
    config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.database.dataDir}`;
  app.log.info(`Ustaz is running on ${address} (public address ${config.publicUrl}; database: ${where})`);
}

// One line, no stack: a refused configuration (ConfigRefusedError) says what to set.
main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
