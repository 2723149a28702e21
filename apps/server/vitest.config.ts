import { defineConfig } from 'vitest/config';

const include = ['src/**/*.test.ts'];
const postgresUrl = process.env.DATABASE_URL;

// `extends: true`: a project inherits the root options (the timeouts); inline projects do not otherwise.
const project = (name: string, databaseUrl: string) => ({
  extends: true as const,
  test: { name, include, provide: { databaseUrl } },
});

// The same suite runs on embedded PGlite always, and again on PostgreSQL when DATABASE_URL is set.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [project('pglite', ''), ...(postgresUrl ? [project('postgres', postgresUrl)] : [])],
  },
});
