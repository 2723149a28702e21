import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const booleanString = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: booleanString,
  DATABASE_URL: z.string().url().optional(),
  PGLITE_DIR: z.string().default(path.join(repoRoot, 'data/db')),
  REDIS_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  ADMIN_DASHBOARD_URL: z.string().default('/admin'),
  SEED_DEMO_DATA: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((value) => value === 'true' || value === '1'),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(300),
  TRUST_PROXY: booleanString,
});

export type Config = {
  port: number;
  host: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  logPretty: boolean;
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };
  redisUrl: string | undefined;
  publicUrl: string;
  webDistDir: string;
  adminDashboardUrl: string;
  seedDemoData: boolean;
  rateLimitMax: number;
  trustProxy: boolean;
};

/** The one place that reads the environment. Throws a readable error when a variable is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY,
    database: e.DATABASE_URL ? { kind: 'postgres', url: e.DATABASE_URL } : { kind: 'pglite', dataDir: e.PGLITE_DIR },
    redisUrl: e.REDIS_URL,
    publicUrl: e.PUBLIC_URL,
    webDistDir: e.WEB_DIST_DIR,
    adminDashboardUrl: e.ADMIN_DASHBOARD_URL,
    seedDemoData: e.SEED_DEMO_DATA,
    rateLimitMax: e.RATE_LIMIT_MAX,
    trustProxy: e.TRUST_PROXY,
  };
}
