import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { HELMET_OPTIONS, registerSecurityHeaders, SECURITY_HEADERS } from './security-headers.ts';

/** The headers an app answers `GET /x` with, minus those every answer has. */
async function headersOf(setup: (app: ReturnType<typeof Fastify>) => Promise<void> | void) {
  const app = Fastify();
  await setup(app);
  app.get('/x', async () => ({ ok: true }));
  const { headers } = await app.inject({ url: '/x' });
  await app.close();
  const { 'content-type': _type, 'content-length': _length, date: _date, connection: _connection, ...rest } = headers;
  return rest;
}

describe('security headers computed once', () => {
  it('are exactly what @fastify/helmet sets with the same options', async () => {
    const helmet = await headersOf((app) => app.register(fastifyHelmet, HELMET_OPTIONS));
    const ours = await headersOf(registerSecurityHeaders);
    expect(Object.keys(helmet).length).toBeGreaterThan(10);
    expect(ours).toEqual(helmet);
    expect(ours).toEqual({ ...SECURITY_HEADERS });
  });

  it('a route can replace the content-security-policy', async () => {
    const app = Fastify();
    registerSecurityHeaders(app);
    app.get('/page', async (_request, reply) =>
      reply.header('content-security-policy', "default-src 'self'").send('x'),
    );
    const res = await app.inject({ url: '/page' });
    await app.close();
    expect(res.headers['content-security-policy']).toBe("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
