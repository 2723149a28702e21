import { defineConfig } from 'vitest/config';

const include = ['src/**/*.test.ts'];
const postgresUrl = process.env.DATABASE_URL;

// The same suite runs on embedded PGlite always, and again on PostgreSQL when DATABASE_URL is set.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { test: { name: 'pglite', include, provide: { databaseUrl: '' } } },
      ...(postgresUrl ? [{ test: { name: 'postgres', include, provide: { databaseUrl: postgresUrl } } }] : []),
    ],
  },
});
