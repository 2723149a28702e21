import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startApp } from './app/start.ts';
import { buildApp } from './app.ts';
import { runPrimary } from './cluster.ts';
import { type Config, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { describeFailure } from './failure-text.ts';
import { type GoogleSandboxKeys, generateGoogleSandboxKeys } from './modules/auth/google-sandbox.ts';
import { generateVapidKeys } from './modules/push/push.service.ts';
import { prepareDatabase } from './prepare-database.ts';

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

/**
 * Google sign-in on the sandbox (ADR 027): its key pair is kept in SECRETS_DIR like the JWT key, so
 * the sandbox's JWKS (what the server verifies its ID tokens with) survives a restart.
 */
function withGoogleSandboxKeys(config: Config): Config {
  if (!config.google?.sandbox || config.google.keys) return config;
  const file = path.join(config.secretsDir, 'google-sandbox-keys.json');
  if (!existsSync(file)) {
    mkdirSync(config.secretsDir, { recursive: true });
    writeFileSync(file, JSON.stringify(generateGoogleSandboxKeys()), { mode: 0o600 });
  }
  const keys = JSON.parse(readFileSync(file, 'utf8')) as GoogleSandboxKeys;
  return { ...config, google: { ...config.google, keys } };
}

/**
 * The only entry that reads the environment and listens: one process, or with WEB_CONCURRENCY > 1
 * a primary (src/cluster.ts) that prepares the database and forks that many workers running this.
 */
async function main() {
  const config = withGoogleSandboxKeys(withVapidKeys(withJwtSecret(loadConfig())));
  if (config.webConcurrency > 1 && cluster.isPrimary) {
    await runPrimary(config, async (log) => {
      const database = await openDatabase(config.database);
      await database.migrate();
      await prepareDatabase(config, database, log);
      await database.close();
    });
    return;
  }
  const database = await openDatabase(config.database);
  // A cluster worker: its primary migrated and seeded before forking.
  if (cluster.isPrimary) await database.migrate();
  const app = await buildApp({ config, database });
  if (cluster.isPrimary) await prepareDatabase(config, database, app.log);
  // The realtime, the mail worker, the sweeper, the push jobs, the metrics: started here, stopped by app.close().
  await startApp(app, { config, database });

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    // No new connections; requests in flight finish, idle keep-alive connections and sockets are
    // closed (the socket.io clients reconnect to another process), then the jobs and the database.
    app.log.info({ signal, timeoutSeconds: config.shutdownTimeoutSeconds }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('graceful shutdown timed out, exiting');
      process.exit(1);
    }, config.shutdownTimeoutSeconds * 1000);
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

// One line, no stack: a refused configuration (ConfigRefusedError) says what to set; any other
// failure (a migration, the database out of reach) says what failed and each cause of it.
main().catch((error: unknown) => {
  console.error(describeFailure(error));
  process.exit(1);
});
