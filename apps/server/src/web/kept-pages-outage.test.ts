import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { expectUnavailable } from '../hardening/unavailable.ts';
import { createPostgresDatabase, testConfig } from '../test/helpers.ts';
import { createWebDist } from '../test/web-dist.ts';
import { FinishedPage, FinishedPages, STALE_PAGE_MS } from './finished-pages.ts';

/**
 * Issue 29: a public page kept from before (ADR 021), even one past its time, is still sent while
 * the database is away, instead of a 503; a page never drawn is the 503 as before. On PGlite the
 * embedded database is closed under the app; on PostgreSQL its database stops taking connections
 * and every connection is terminated.
 */
const BUNDLE = `
export async function render(input) {
  const res = await input.apiFetch('/api/settings/website', {});
  return { html: '<main>Kept ' + input.url + ' (' + res.status + ')</main>', data: '{}', modules: [] };
}
`;

const policy = (res: { headers: Record<string, unknown> }) => res.headers['content-security-policy'];

describe('kept pages while the database is away', () => {
  const dist = createWebDist({}, { serverBundle: BUNDLE });
  const baseUrl = inject('databaseUrl');
  let database: Database;
  let app: FastifyInstance;
  let own: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let admin: pg.Client | undefined;

  beforeAll(async () => {
    if (baseUrl) {
      own = await createPostgresDatabase(baseUrl, `ustaz_kept_${randomBytes(5).toString('hex')}`);
      database = await openDatabase({ kind: 'postgres', url: own.url });
      admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
    } else {
      database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    }
    await database.migrate();
    // Kept a second, then stale for STALE_PAGE_MS: the outage below comes once the first is past its time.
    app = await buildApp({ config: testConfig({ webDistDir: dist.dir, pageCacheSeconds: 1 }), database });
    await app.ready();
  });
  afterAll(async () => {
    if (own) await admin?.query(`alter database ${own.name} allow_connections true`).catch(() => {});
    await admin?.end();
    await app?.close();
    await database?.close().catch(() => {});
    await own?.drop();
    dist.remove();
  });

  async function stopDatabase() {
    if (!own || !admin) return database.close();
    await admin.query(`alter database ${own.name} allow_connections false`);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [own.name]);
  }

  it('sends the kept page (past its time too, any query it does not read) instead of a 503', async () => {
    const about = await app.inject({ url: '/en/about' });
    const teachers = await app.inject({ url: '/ar/teachers?page=2' });
    for (const res of [about, teachers]) expect(res.statusCode).toBe(200);
    expect(about.body).toContain('<main>Kept /en/about (200)</main>');
    await new Promise((resolve) => setTimeout(resolve, 1_100));

    await stopDatabase();
    // The API has no database: 503 as before.
    expectUnavailable(await app.inject({ url: '/api/settings/website' }), 'settings');

    const keptAbout = await app.inject({ url: '/en/about?utm_source=mail', headers: { 'accept-encoding': 'br' } });
    expect(keptAbout.statusCode).toBe(200);
    expect(policy(keptAbout)).toBe(policy(about));
    expect(brotliDecompressSync(keptAbout.rawPayload).toString('utf8')).toBe(about.body);
    // It may be older than its time: no cache keeps it longer.
    expect(keptAbout.headers['cache-control']).toBe('no-cache');
    const keptTeachers = await app.inject({ url: '/ar/teachers?fbclid=x&page=2' });
    expect(keptTeachers.statusCode).toBe(200);
    expect(keptTeachers.body).toBe(teachers.body);

    // A page nobody drew before the outage: 503 serviceUnavailable, as any request needing the database.
    expectUnavailable(await app.inject({ url: '/en/privacy' }), 'a page never kept');
    expectUnavailable(await app.inject({ url: '/ar/teachers?page=3' }), 'another page of the list');
  });
});

describe('FinishedPages', () => {
  it('hands out a page past its stale time or from before a change only through kept(), until drawn anew', () => {
    const pages = new FinishedPages();
    const old = new FinishedPage('<html>old</html>', 'n1', -(STALE_PAGE_MS + 1_000));
    pages.set('k', old);
    expect(pages.get('k')).toBeUndefined();
    expect(pages.kept('k')).toBe(old);
    const fresh = new FinishedPage('<html>new</html>', 'n2', 30_000);
    pages.set('k', fresh);
    expect(pages.get('k')).toEqual({ page: fresh, stale: false });
    expect(pages.kept('k')).toBe(fresh);
    // A change: not handed out again, but still there for an outage; drawn anew, the new one.
    pages.clear();
    expect(pages.get('k')).toBeUndefined();
    expect(pages.kept('k')).toBe(fresh);
    const after = new FinishedPage('<html>after</html>', 'n3', 30_000);
    pages.set('k', after);
    expect(pages.get('k')?.page).toBe(after);
  });

  it('compress() makes both bodies on the thread pool, and body() hands out those same bodies', async () => {
    const html = `<html>${'صفحة page '.repeat(2_000)}</html>`;
    const page = new FinishedPage(html, 'n', 30_000);
    expect(page.compressed).toBe(false);
    const compressing = page.compress();
    // Asynchronous: nothing is made on the calling thread before the pool answers.
    expect(page.compressed).toBe(false);
    expect(await compressing).toBe(page);
    expect(page.compressed).toBe(true);
    const br = page.body('br');
    const gz = page.body('gzip');
    expect(page.body('br')).toBe(br);
    expect(brotliDecompressSync(br as Buffer).toString()).toBe(html);
    expect(gunzipSync(gz as Buffer).toString()).toBe(html);
    expect(page.body(null)).toBe(html);
  });
});
