import { defineConfig } from 'vitest/config';

const include = ['src/**/*.test.ts'];
/** Tests of several server processes fanned out through Redis: only where Redis is configured. */
const redisInclude = ['src/**/*.redis.test.ts'];
/** Faults only a real PostgreSQL server has (connections killed, the API killed): postgres project only. */
const postgresOnly = ['src/**/*.postgres.test.ts'];
/** Input fuzz: the same validation code on either database, so it runs once, on PGlite. */
const pgliteOnly = ['src/**/*.pglite.test.ts'];
/** The house rules read source files only (no database): they run once, in the pglite project. */
const filesOnly = ['src/hardening/house/**/*.test.ts'];
const postgresUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

// `extends: true`: a project inherits the root options (the timeouts); inline projects do not otherwise.
const project = (name: string, databaseUrl: string, files = include, exclude = redisInclude) => ({
  extends: true as const,
  test: {
    name,
    include: files,
    exclude: [...exclude, '**/node_modules/**'],
    provide: { databaseUrl, redisUrl: redisUrl ?? '' },
  },
});

// The same suite runs on embedded PGlite always, and again on PostgreSQL when DATABASE_URL is set;
// the multi-process realtime tests run when REDIS_URL is set (on PostgreSQL when it is set too).
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      project('pglite', '', include, [...redisInclude, ...postgresOnly]),
      ...(postgresUrl
        ? [project('postgres', postgresUrl, include, [...redisInclude, ...pgliteOnly, ...filesOnly])]
        : []),
      ...(redisUrl ? [project('redis', postgresUrl ?? '', redisInclude, [])] : []),
    ],
  },
});
