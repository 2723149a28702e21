import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GOOGLE_SANDBOX_CLIENT_ID, type IceServer, iceServerSchema, kwdToFils } from '@ustaz/contract';
import { z } from 'zod';
import { parseTrustProxy } from './http/trust-proxy.ts';
import type { GoogleConfig } from './modules/auth/google-sandbox.ts';
import { productionProblems } from './production-refusals.ts';

/**
 * Where the links the server writes (mails, gateways' return addresses) point when PUBLIC_URL is
 * unset (refused in production): this server itself on localhost at its PORT, so `PORT=3941` gives
 * links to localhost:3941 (issue 30 item 16). PORT=0 (a port the system picks) keeps 3000.
 */
function defaultPublicUrl(port: number): string {
  return `http://localhost:${port || 3000}`;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const booleanString = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** An empty variable (`PORT=`) counts as unset. */
function emptyAsUnset(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => !!entry[1]));
}

/**
 * Requests a minute per address by default. The auth routes' own limits (login 20 a minute, ...)
 * are set for this default and grow in proportion when an operator, or the test suites, lift it.
 */
export const DEFAULT_RATE_LIMIT_MAX = 300;

const envSchema = z.object({
  /** `production` turns on the start-up refusals of production-refusals.ts (`productionProblems`). */
  NODE_ENV: z.string().optional(),
  /** In production: accept a gateway without keys running on the local sandbox (a demo deployment). */
  PAYMENTS_SANDBOX: booleanString,
  /** In production: accept mail without SMTP_URL (written to MAIL_OUTBOX_DIR and logged with its links). */
  MAIL_OUTBOX: booleanString,
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: booleanString,
  DATABASE_URL: z.string().url().optional(),
  PGLITE_DIR: z.string().default(path.join(repoRoot, 'data/db')),
  REDIS_URL: z.string().url().optional(),
  /** Prefix of the Redis channels, so several deployments (or test runs) can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/)
    .default('ustaz'),
  PUBLIC_URL: z.string().url().optional(),
  /** In production: accept this plain-http PUBLIC_URL (TLS ends in front of it); must be PUBLIC_URL itself. */
  PLAIN_HTTP_PUBLIC_URL: z.string().url().optional(),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  ADMIN_DASHBOARD_URL: z.string().default('/admin'),
  /** Unset: true, except with NODE_ENV=production (false there; true only beside DEMO_DEPLOYMENT=true). */
  SEED_DEMO_DATA: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true' || value === '1')),
  /** In production: the second opt-in a demo deployment gives beside SEED_DEMO_DATA=true. */
  DEMO_DEPLOYMENT: booleanString,
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(DEFAULT_RATE_LIMIT_MAX),
  SEARCH_COUNT_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Worker threads that draw server-rendered pages (ADR 021); 0 draws them on the main thread. */
  SSR_RENDER_WORKERS: z.coerce.number().int().min(0).max(16).default(1),
  /** The proxies in front of the app, by address (http/trust-proxy.ts); `true` and hop counts are refused. */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((text, ctx) => {
      const parsed = parseTrustProxy(text);
      if ('proxies' in parsed) return parsed.proxies;
      ctx.addIssue({ code: 'custom', message: parsed.problem });
      return z.NEVER;
    }),
  JWT_SECRET: z.string().min(32).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** Google sign-in on the local sandbox (ADR 027): unset, on without GOOGLE_CLIENT_ID except in production (refused there). */
  GOOGLE_SANDBOX: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true' || value === '1')),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Ustaz <no-reply@ustaz.com.kw>'),
  MAIL_OUTBOX_DIR: z.string().default(path.join(repoRoot, 'data/mail')),
  UPLOADS_DIR: z.string().default(path.join(repoRoot, 'data/uploads')),
  SECRETS_DIR: z.string().default(path.join(repoRoot, 'data')),
  // Payments: a provider without keys runs on the local sandbox gateway.
  PAYZAH_PRIVATE_KEY: z.string().min(1).optional(),
  PAYZAH_BASE_URL: z.string().url().default('https://development.payzah.net'),
  DEEMA_API_KEY: z.string().min(1).optional(),
  DEEMA_WEBHOOK_SECRET: z.string().min(16).optional(),
  DEEMA_BASE_URL: z.string().url().default('https://staging-api.deema.me'),
  DEEMA_MIN_AMOUNT_KWD: z.coerce.number().min(0).max(100_000).default(10),
  PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(100).default(10),
  MONEY_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Worker processes on one port (node:cluster); more than 1 needs REDIS_URL and DATABASE_URL. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** How long a SIGTERM/SIGINT may take to drain requests and sockets before the process exits anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  /** A separate listener for GET /metrics (Prometheus); unset: no such listener. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** GET /metrics on the main port for `Authorization: Bearer <token>`; unset: 404 there. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Shifts the server's clock (src/clock.ts) for tests and demos; refused in production unless 0. */
  TEST_CLOCK_OFFSET_SECONDS: z.coerce.number().int().default(0),
  /** Web Push (issue 19): the VAPID key pair, base64url; both or neither (then kept in SECRETS_DIR). */
  VAPID_PUBLIC_KEY: z.string().min(40).optional(),
  VAPID_PRIVATE_KEY: z.string().min(20).optional(),
  /** The operator contact sent to push services with each push: mailto: or https. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/)
    .optional(),
  /** More push endpoint hosts (`host[:port]`, comma-separated) beside the known push services; http allowed on them (tests). */
  PUSH_ENDPOINT_HOSTS: z
    .string()
    .default('')
    .transform((text) =>
      text
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** The lesson room's STUN/TURN servers, a JSON array of RTCIceServer objects; none works on one network. */
  ICE_SERVERS: z
    .string()
    .default('[]')
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'not JSON' });
        return z.NEVER;
      }
    })
    .pipe(z.array(iceServerSchema)),
});

export type Config = {
  /** NODE_ENV=production. */
  production: boolean;
  port: number;
  host: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  logPretty: boolean;
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };
  redisUrl: string | undefined;
  redisPrefix: string;
  publicUrl: string;
  webDistDir: string;
  adminDashboardUrl: string;
  seedDemoData: boolean;
  /** NODE_ENV=production seeding the demo (SEED_DEMO_DATA=true and DEMO_DEPLOYMENT=true): logged loudly at start. */
  demoDeployment: boolean;
  rateLimitMax: number;
  /** How long a teacher-search total may be reused (0: count on every request). */
  searchCountCacheSeconds: number;
  /** How long a server-rendered public page is sent again as it was (ADR 021); changes drop it sooner. */
  pageCacheSeconds: number;
  /** Worker threads that draw server-rendered pages, so a render never holds the event loop; 0: on it. */
  ssrRenderWorkers: number;
  /**
   * TRUST_PROXY: the proxies (addresses, CIDR ranges, `loopback`/`linklocal`/`uniquelocal`) whose
   * X-Forwarded-* headers are believed; the client's address is the right-most entry not among them.
   */
  trustProxy: string[] | false;
  /** HS256 key for access tokens; when unset, server.ts keeps a random one in SECRETS_DIR. */
  jwtSecret: string | undefined;
  secretsDir: string;
  /** Google sign-in: Google's (GOOGLE_CLIENT_ID), the local sandbox (server.ts gives it its keys), or off. */
  google: GoogleConfig | null;
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  uploadsDir: string;
  payments: {
    payzah: { privateKey: string; baseUrl: string } | null;
    deema: { apiKey: string; webhookSecret: string; baseUrl: string } | null;
    deemaMinAmountFils: number;
    platformFeePercent: number;
    sweepSeconds: number;
  };
  /** TEST_CLOCK_OFFSET_SECONDS: what src/clock.ts adds to the wall clock (0 in production). */
  clockOffsetSeconds: number;
  /** The lesson room's STUN/TURN servers. */
  iceServers: IceServer[];
  /** WEB_CONCURRENCY: worker processes (1: this process serves alone). */
  webConcurrency: number;
  shutdownTimeoutSeconds: number;
  /** Where GET /metrics is served: its own port, and/or the main port behind a bearer token; neither by default. */
  metrics: { port: number | undefined; token: string | undefined };
  /** Web Push: VAPID keys (when unset, server.ts keeps a generated pair in SECRETS_DIR), contact, extra endpoint hosts. */
  push: {
    vapid: { publicKey: string; privateKey: string } | undefined;
    subject: string;
    extraHosts: string[];
  };
};

/** A configuration the server refuses to start with; its message is one line, for stderr. */
export class ConfigRefusedError extends Error {}

/** The default VAPID contact: the mail sender's address, else the public https address, else a placeholder. */
function vapidSubjectFrom(mailFrom: string, publicUrl: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  if (/^[^\s@<>]+@[^\s@<>]+$/.test(address.trim())) return `mailto:${address.trim()}`;
  return publicUrl.startsWith('https://') ? publicUrl : 'mailto:no-reply@ustaz.com.kw';
}

/**
 * The one place that reads the environment. Throws a readable error when a variable is wrong, and
 * a one-line `ConfigRefusedError` when NODE_ENV=production lacks what production needs.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(emptyAsUnset(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (!!e.VAPID_PUBLIC_KEY !== !!e.VAPID_PRIVATE_KEY)
    throw new Error('Invalid environment:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both, or neither');
  const production = e.NODE_ENV === 'production';
  const problems = production ? productionProblems(e) : [];
  if (problems.length > 0) {
    throw new ConfigRefusedError(`Refusing to start with NODE_ENV=production: ${problems.join('; ')}.`);
  }
  const clusterNeeds = [
    ...(e.REDIS_URL ? [] : ['REDIS_URL']),
    ...(e.DATABASE_URL ? [] : ['DATABASE_URL (PostgreSQL)']),
  ];
  if (e.WEB_CONCURRENCY > 1 && clusterNeeds.length > 0) {
    throw new ConfigRefusedError(
      `Refusing to start with WEB_CONCURRENCY=${e.WEB_CONCURRENCY}: several processes need ${clusterNeeds.join(' and ')} (the embedded database is one process; socket events and chat limits are shared through Redis).`,
    );
  }
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY,
    database: e.DATABASE_URL ? { kind: 'postgres', url: e.DATABASE_URL } : { kind: 'pglite', dataDir: e.PGLITE_DIR },
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    publicUrl: e.PUBLIC_URL ?? defaultPublicUrl(e.PORT),
    webDistDir: e.WEB_DIST_DIR,
    adminDashboardUrl: e.ADMIN_DASHBOARD_URL,
    seedDemoData: e.SEED_DEMO_DATA ?? !production,
    demoDeployment: production && e.SEED_DEMO_DATA === true && e.DEMO_DEPLOYMENT,
    rateLimitMax: e.RATE_LIMIT_MAX,
    searchCountCacheSeconds: e.SEARCH_COUNT_CACHE_SECONDS,
    pageCacheSeconds: e.PAGE_CACHE_SECONDS,
    ssrRenderWorkers: e.SSR_RENDER_WORKERS,
    trustProxy: e.TRUST_PROXY,
    jwtSecret: e.JWT_SECRET,
    secretsDir: e.SECRETS_DIR,
    google: e.GOOGLE_CLIENT_ID
      ? { clientId: e.GOOGLE_CLIENT_ID, jwksUrl: e.GOOGLE_JWKS_URL }
      : (e.GOOGLE_SANDBOX ?? !production)
        ? { sandbox: true, clientId: GOOGLE_SANDBOX_CLIENT_ID }
        : null,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: e.MAIL_OUTBOX_DIR },
    uploadsDir: e.UPLOADS_DIR,
    payments: {
      payzah: e.PAYZAH_PRIVATE_KEY ? { privateKey: e.PAYZAH_PRIVATE_KEY, baseUrl: e.PAYZAH_BASE_URL } : null,
      deema:
        e.DEEMA_API_KEY && e.DEEMA_WEBHOOK_SECRET
          ? { apiKey: e.DEEMA_API_KEY, webhookSecret: e.DEEMA_WEBHOOK_SECRET, baseUrl: e.DEEMA_BASE_URL }
          : null,
      deemaMinAmountFils: kwdToFils(e.DEEMA_MIN_AMOUNT_KWD),
      platformFeePercent: e.PLATFORM_FEE_PERCENT,
      sweepSeconds: e.MONEY_SWEEP_SECONDS,
    },
    clockOffsetSeconds: e.TEST_CLOCK_OFFSET_SECONDS,
    iceServers: e.ICE_SERVERS,
    webConcurrency: e.WEB_CONCURRENCY,
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    metrics: { port: e.METRICS_PORT, token: e.METRICS_TOKEN },
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT ?? vapidSubjectFrom(e.MAIL_FROM, e.PUBLIC_URL ?? defaultPublicUrl(e.PORT)),
      extraHosts: e.PUSH_ENDPOINT_HOSTS,
    },
  };
}
