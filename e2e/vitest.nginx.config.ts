import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The browser tests again through deploy/nginx.conf (Debian's nginx on loopback) in front of two app
 * processes on PostgreSQL + Redis (support/nginx-setup.ts): the chat and booking specs as they are, and
 * nginx/ for what only a proxy shows (which process answered, headers). `npm run test:e2e:nginx`;
 * `npm run test:e2e` runs it after the main suite when nginx, DATABASE_URL and REDIS_URL are there.
 */
export default defineConfig({
  test: {
    root: here,
    include: ['nginx/**/*.spec.ts', 'tests/chat.spec.ts', 'tests/booking-split.spec.ts'],
    globalSetup: ['./support/nginx-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    retry: 0,
  },
});
