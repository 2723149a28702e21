import { count, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema.ts';

/**
 * The seed's accounts all have addresses at this domain (`admin@`, `teacher@`..`teacher30@`,
 * `student@`..`student12@`). `.example` is reserved (RFC 2606): no mailbox exists there, so no real
 * person can confirm such an address, and Google issues none. Migration 0029 names it too (the
 * only ledger rows it lets `npm run db:remove-demo` delete are of these accounts and the system's).
 */
export const DEMO_EMAIL_DOMAIN = 'ustaz.example';

/** SQL: the user rows of the demo accounts (`u` stands for the users table). */
export const IS_DEMO_USER = `lower(u.email) like '%@${DEMO_EMAIL_DOMAIN}'`;

/** The command that removes the demo accounts and their data (src/ops/cli.ts `remove-demo`). */
export const REMOVE_DEMO_COMMAND = 'npm run db:remove-demo';

/** How many demo accounts the database holds (0 after `npm run db:remove-demo`). */
export async function countDemoAccounts(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(sql`lower(${users.email}) like ${`%@${DEMO_EMAIL_DOMAIN}`}`);
  return row?.n ?? 0;
}

/**
 * At every production start: a demo deployment (SEED_DEMO_DATA=true with DEMO_DEPLOYMENT=true)
 * says so in one loud line; any other production database that holds demo accounts gets one
 * warning naming how many and the command that removes them. Nothing outside production.
 */
export async function noticeDemoData(
  config: { production: boolean; demoDeployment: boolean },
  db: Executor,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!config.production) return;
  if (config.demoDeployment) {
    log.warn(
      'DEMO DEPLOYMENT: NODE_ENV=production with SEED_DEMO_DATA=true and DEMO_DEPLOYMENT=true: the demo accounts (admin@ustaz.example and the others, password printed in the README) are seeded and can sign in; this is not a deployment for real users',
    );
    return;
  }
  const demoAccounts = await countDemoAccounts(db);
  if (demoAccounts > 0)
    log.warn(
      `${demoAccounts} demo accounts (@${DEMO_EMAIL_DOMAIN}, password printed in the README) are in this production database: remove them and their data with ${REMOVE_DEMO_COMMAND}`,
    );
}
