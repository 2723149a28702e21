import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failpoints } from '../failpoints.ts';
import { createTestApp } from '../test/helpers.ts';
import { totalOf } from '../test/requests.ts';
import { createWorld, fillPath, isAdminPath, nextSlotStart, routeTable, send, type World } from './support.ts';

/**
 * RELIABILITY P1 "Security headers on every response (CSP, HSTS, nosniff, Referrer-Policy,
 * frame-ancestors); Cache-Control: no-store on personal data": every kind of answer the server
 * gives, and every GET that needs a token, from the route table.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
let w: World;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'ustaz-headers-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="ar" dir="rtl"><head><title>x</title><script type="module" src="/assets/app-1.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dist, 'assets/app-1.js'), 'console.log(1);');
  // 3,000 a minute per address: far above what this file sends, and it keeps the auth routes' own
  // limits (which grow with it) low enough to answer the 429 below (forgot password: 50 a minute).
  t = await createTestApp({ webDistDir: dist, rateLimitMax: 3_000 });
  w = await createWorld(t.app, t.database);
});
afterAll(async () => {
  failpoints.disarm('booking.afterDebit');
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

/** What is missing from an answer's security headers (empty when nothing is). */
function missingSecurityHeaders(res: LightMyRequestResponse): string[] {
  const h = res.headers;
  const missing: string[] = [];
  if (!/frame-ancestors 'none'/.test(String(h['content-security-policy']))) missing.push('CSP frame-ancestors');
  if (!/max-age=(\d{8,}|3153[6-9]\d{3})/.test(String(h['strict-transport-security']))) missing.push('HSTS max-age');
  if (!String(h['strict-transport-security']).includes('includeSubDomains')) missing.push('HSTS includeSubDomains');
  if (h['x-content-type-options'] !== 'nosniff') missing.push('nosniff');
  if (!/^(no-referrer|strict-origin-when-cross-origin|same-origin)$/.test(String(h['referrer-policy']))) {
    missing.push('Referrer-Policy');
  }
  return missing;
}

describe('security headers on every kind of answer (RELIABILITY P1)', () => {
  it('API 200, 4xx, 5xx, 413, 429, redirects; the page, a 404 page, a static file, an upload and /api/docs', async () => {
    const answers: [string, LightMyRequestResponse][] = [];
    const add = async (what: string, res: Promise<LightMyRequestResponse>) => {
      answers.push([what, await res]);
    };
    await add('API 200', send(t.app, { url: '/api/health' }));
    await add('API 200 with a token', send(t.app, { url: '/api/v1/auth/me', headers: w.student.headers }));
    await add('API 401', send(t.app, { url: '/api/v1/auth/me' }));
    await add('API 404', send(t.app, { url: '/api/v1/nothing' }));
    await add(
      'API 422',
      send(t.app, { method: 'POST', url: '/api/v1/booking/single', headers: w.student.headers, payload: {} }),
    );
    await add('API 400', send(t.app, { url: '/ar/%E0%A4%A' }));
    await add(
      'API 413',
      send(t.app, {
        method: 'POST',
        url: '/api/v1/search/log-not-found',
        headers: { 'content-type': 'application/json' },
        payload: `{"keywords":"${'x'.repeat(1_100_000)}"}`,
      }),
    );
    const slot = await w.f.slot(w.teacher.profile.id, nextSlotStart());
    failpoints.arm('booking.afterDebit', () => {
      throw new Error('injected fault');
    });
    await add(
      'API 500',
      send(t.app, {
        method: 'POST',
        url: '/api/v1/booking/single',
        headers: w.student.headers,
        payload: { timeSlotId: slot.id, paymentMethod: 'balance', expectedTotal: totalOf(slot) },
      }),
    );
    failpoints.disarm('booking.afterDebit');
    await add('303 redirect', send(t.app, { url: `/api/v1/payments/return/${w.paymentId}` }));
    await add('sandbox checkout page', send(t.app, { url: `/api/v1/payments/sandbox/${w.chargeId}` }));
    await add('uploaded image', send(t.app, { url: `/api/v1/files/${w.fileId}` }));
    await add('page', send(t.app, { url: '/ar/teachers' }));
    await add('404 page', send(t.app, { url: '/en/no-such-page' }));
    await add('static file', send(t.app, { url: '/assets/app-1.js' }));
    await add('missing static file', send(t.app, { url: '/assets/missing.js' }));
    await add('/api/docs', send(t.app, { url: '/api/docs' }));
    await add('/api/docs/', send(t.app, { url: '/api/docs/' }));
    await add('/api/docs/json', send(t.app, { url: '/api/docs/json' }));
    await add('/api/docs/static/index.html', send(t.app, { url: '/api/docs/static/index.html' }));
    await add('/api/docs/static/swagger-ui.css', send(t.app, { url: '/api/docs/static/swagger-ui.css' }));
    // 429 last: the limiter's own answer (a small app of its own would need another database).
    const limited = Array.from({ length: 60 }, () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot/password',
        payload: { email: 'x@example.com' },
        remoteAddress: '10.250.0.1',
      }),
    );
    const last = (await Promise.all(limited)).find((res) => res.statusCode === 429);
    expect(last, 'the per-route limit answered 429').toBeDefined();
    if (last) answers.push(['API 429', last]);

    const statuses = Object.fromEntries(answers.map(([what, res]) => [what, res.statusCode]));
    expect(statuses).toMatchObject({
      'API 200': 200,
      'API 401': 401,
      'API 404': 404,
      'API 422': 422,
      'API 400': 400,
      'API 413': 413,
      'API 500': 500,
      '303 redirect': 303,
      'sandbox checkout page': 200,
      'uploaded image': 200,
      page: 200,
      '404 page': 404,
      'static file': 200,
      'missing static file': 404,
    });
    const problems = answers
      .map(([what, res]) => [`${what} (${res.statusCode})`, missingSecurityHeaders(res).join(', ')])
      .filter(([, missing]) => missing);
    expect(Object.fromEntries(problems)).toEqual({});
  });
});

describe('Cache-Control: no-store on personal answers (RELIABILITY P1)', () => {
  it('every GET that needs a token, with ids of the caller’s own items', async () => {
    const params: Record<string, string | number> = { id: 1, userId: w.teacher.user.id, reservationId: 1 };
    const ownIds: Record<string, Record<string, string | number>> = {
      '/api/v1/payments/{id}': { id: w.paymentId },
      '/api/v1/chats/{id}/messages': { id: w.conversationId },
      '/api/reviews/for-student/{id}': { id: w.student.user.id },
      '/api/v1/auth/users/{id}': { id: w.student.user.id },
      '/api/v1/admin/users/{id}': { id: w.student.user.id },
    };
    const personal = routeTable(t.app).filter((route) => route.method === 'GET' && route.secured);
    expect(personal.length).toBeGreaterThan(15);
    const checked: string[] = [];
    for (const route of personal) {
      const asTeacher = route.path.startsWith('/api/v1/availability') || route.path === '/api/teachers/profiles/me';
      const headers = isAdminPath(route.path) ? w.admin.headers : asTeacher ? w.teacher.headers : w.student.headers;
      const url = fillPath(route.path, { ...params, ...ownIds[route.path] });
      const res = await send(t.app, { url, headers });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      expect(String(res.headers['cache-control']), `${url} (${res.statusCode})`).toContain('no-store');
      checked.push(`${url} ${res.statusCode}`);
    }
    // The items are the caller's own: most of these answers are 200s, not refusals.
    expect(checked.filter((line) => line.endsWith(' 200')).length).toBeGreaterThan(personal.length * 0.8);
  });

  it('answers that carry tokens or personal data to a signed-in caller are not cached either', async () => {
    const answers = [
      await send(t.app, {
        method: 'POST',
        url: '/api/v1/auth/email/login',
        payload: { email: w.student.user.email, password: 'Wrong1234' },
      }),
      await send(t.app, {
        method: 'PATCH',
        url: '/api/v1/auth/me',
        headers: w.student.headers,
        payload: { firstName: 'Cached' },
      }),
      await send(t.app, {
        method: 'POST',
        url: '/api/v1/booking/single',
        headers: w.student.headers,
        payload: {
          timeSlotId: (await w.f.slot(w.teacher.profile.id, nextSlotStart())).id,
          paymentMethod: 'balance',
          expectedTotal: '10.000',
        },
      }),
      await send(t.app, { url: `/api/v1/payments/${w.paymentId}`, headers: w.stranger.headers }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([422, 200, 200, 404]);
    for (const res of answers) expect(String(res.headers['cache-control'])).toContain('no-store');
  });
});
