import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './client.ts';

/**
 * Demo data for `npm start` on a fresh machine. Idempotent: running it again adds nothing.
 * Each module adds its own demo data here (accounts, subjects, teachers, slots, packages).
 */
export async function seedDemoData(_db: Db, log: FastifyBaseLogger): Promise<void> {
  log.info('demo data ready');
}
