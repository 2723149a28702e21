import { describe, expect, it } from 'vitest';
import { useTestApp } from './test/test-app.ts';

describe('app shell', () => {
  const { t } = useTestApp({ rateLimitMax: 5 });

  it('reports health: each part up (Redis off without REDIS_URL) and the database kind', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up', redis: 'off', databaseKind: t.database.kind });
  });

  it('answers unknown API routes with the error shape, no stack', async () => {
    const res = await t.app.inject({ url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, code: 'notFound', message: 'Route GET /api/v1/nothing-here not found' });
  });

  it('answers malformed JSON with 400 in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/settings/website',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect([400, 404]).toContain(res.statusCode);
    expect(res.json()).toMatchObject({ status: res.statusCode, code: expect.any(String) });
    expect(res.body).not.toContain('at ');
  });

  it('answers a malformed URL in the error shape', async () => {
    const res = await t.app.inject({ url: '/ar/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, code: 'badRequest', message: 'Bad request' });
  });

  it('sets security headers on API answers', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/settings/website');
  });

  it('rate-limits API calls per address with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    for (let i = 0; i < 7; i++) {
      last = await t.app.inject({ url: '/api/settings/website', remoteAddress: '10.9.9.9' });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 5).every((s) => s === 200)).toBe(true);
    expect(statuses[6]).toBe(429);
    expect(last?.json()).toMatchObject({ status: 429, code: 'tooManyRequests' });
    expect(last?.headers['retry-after']).toBeDefined();
    // The health check is never limited; another address is not affected.
    expect((await t.app.inject({ url: '/api/health', remoteAddress: '10.9.9.9' })).statusCode).toBe(200);
    const other = await t.app.inject({ url: '/api/settings/website', remoteAddress: '10.9.9.10' });
    expect(other.statusCode).toBe(200);
  });
});
