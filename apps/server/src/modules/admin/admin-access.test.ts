import { ROLE } from '@ustaz/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import type { TestUser } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type AdminRoute = { method: Method; url: string };

const { t: ctx, f } = useTestApp({ rateLimitMax: 1_000_000 });
let routes: AdminRoute[];
let admin: TestUser;
let student: TestUser;
let teacher: TestUser;

/** Every admin route the server registered, from its own OpenAPI document, with ids filled in. */
function adminRoutesOf(document: { paths?: Record<string, Record<string, unknown>> }): AdminRoute[] {
  const found: AdminRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    if (!path.startsWith('/api/v1/admin')) continue;
    for (const method of Object.keys(operations)) {
      const upper = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) continue;
      found.push({ method: upper as Method, url: path.replace(/\{[^}]+\}/g, '1') });
    }
  }
  return found.sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`));
}

function call(route: AdminRoute, headers: Record<string, string> = {}) {
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  return ctx.app.inject({ method: route.method, url: route.url, headers, ...(hasBody ? { payload: {} } : {}) });
}

beforeAll(async () => {
  admin = await f.user({ roleId: ROLE.admin });
  student = await f.student();
  teacher = await f.teacher();
  routes = adminRoutesOf(ctx.app.swagger() as { paths?: Record<string, Record<string, unknown>> });
});

describe('admin routes (issue 7: every one needs role 1, checked on the server)', () => {
  it('are found in the route table, one for each screen of the dashboard', () => {
    const paths = new Set(routes.map((route) => route.url));
    for (const expected of [
      '/api/v1/admin/overview',
      '/api/v1/admin/users',
      '/api/v1/admin/teachers',
      '/api/v1/admin/subjects',
      '/api/v1/admin/packages',
      '/api/v1/admin/settings',
      '/api/v1/admin/ledger',
      '/api/v1/admin/payments',
      '/api/v1/admin/reconciliation',
      '/api/v1/admin/refunds',
      '/api/v1/admin/reservations',
      '/api/v1/admin/reviews',
      '/api/v1/admin/search-not-found',
      '/api/v1/admin/audit',
    ]) {
      expect(paths, expected).toContain(expected);
    }
  });

  it('refuse a guest with 401, before reading the body', async () => {
    for (const route of routes) {
      const response = await call(route);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json()).toMatchObject({ status: 401, code: 'unauthorized' });
    }
  });

  it('refuse a forged or malformed token with 401', async () => {
    for (const route of routes) {
      const response = await call(route, { authorization: 'Bearer not-a-token' });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('refuse a student and a teacher with 403', async () => {
    for (const route of routes) {
      for (const user of [student, teacher]) {
        const response = await call(route, user.headers);
        expect(response.statusCode, `${route.method} ${route.url} as role ${user.user.roleId}`).toBe(403);
        expect(response.json()).toMatchObject({ status: 403, code: 'forbidden' });
      }
    }
  });

  it('let the admin through (whatever the route then answers, it is not 401 or 403)', async () => {
    for (const route of routes) {
      const response = await call(route, admin.headers);
      expect([401, 403], `${route.method} ${route.url}`).not.toContain(response.statusCode);
      expect(response.statusCode, `${route.method} ${route.url}`).toBeLessThan(500);
    }
  });

  it('refuse an admin token once its user is suspended or no longer an admin', async () => {
    const suspended = await f.user({ roleId: ROLE.admin });
    const demoted = await f.user({ roleId: ROLE.admin });
    await ctx.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, suspended.user.id));
    await ctx.database.db.update(users).set({ roleId: ROLE.student }).where(eq(users.id, demoted.user.id));
    // A suspended user's session is no longer live: 401, as for any other route.
    const gone = await ctx.app.inject({ url: '/api/v1/admin/overview', headers: suspended.headers });
    expect(gone.statusCode).toBe(401);
    // A demoted admin still has a session, but no longer the role.
    const demotedAnswer = await ctx.app.inject({ url: '/api/v1/admin/overview', headers: demoted.headers });
    expect(demotedAnswer.statusCode).toBe(403);
  });
});
