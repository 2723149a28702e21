import type { FastifyBaseLogger } from 'fastify';
import { createSettingsService } from '../modules/settings/settings.service.ts';
import type { Db } from './client.ts';

/**
 * Demo data for `npm start` on a fresh machine. Idempotent: running it again adds nothing.
 * Later modules add their own demo data here (subjects, teachers, slots, packages, accounts).
 */
export async function seedDemoData(db: Db, log: FastifyBaseLogger): Promise<void> {
  const settings = await createSettingsService(db).ensureSettings();
  log.info({ appName: settings.appName, version: settings.version }, 'website settings ready');
}
