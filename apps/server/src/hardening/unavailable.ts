import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TestUser } from '../test/factories.ts';
import { expectErrorShape, nextAddress } from './support.ts';

/** A stack frame, a driver's words or a query: none may reach a client. */
const INTERNALS = /\n\s+at |\.[cm]?[tj]s:\d+|Error:|Failed query|ECONNREFUSED|terminat|PGlite|pg_|select /i;

/** 503 `serviceUnavailable` with `Retry-After: 5`, the API's error shape, nothing internal. */
export function expectUnavailable(
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
  context: string,
) {
  expect(res.statusCode, `${context}: ${res.body.slice(0, 300)}`).toBe(503);
  expect(res.headers['retry-after'], context).toBe('5');
  const body = JSON.parse(res.body) as { code?: string };
  expectErrorShape(body, 503, context);
  expect(body.code, context).toBe('serviceUnavailable');
  expect(INTERNALS.test(res.body), `${context}: internals in ${res.body}`).toBe(false);
}

/** Requests that each need the database: an authenticated read, a search, a login, a booking. */
export async function requestsNeedingTheDatabase(app: FastifyInstance, student: TestUser, slotId: number) {
  return {
    me: await app.inject({ url: '/api/v1/auth/me', headers: student.headers }),
    search: await app.inject({ url: '/api/teachers/search?search=Outage' }),
    login: await app.inject({
      method: 'POST',
      url: '/api/v1/auth/email/login',
      payload: { email: student.user.email, password: 'Whatever#1' },
      remoteAddress: nextAddress(),
    }),
    booking: await app.inject({
      method: 'POST',
      url: '/api/v1/booking/single',
      headers: student.headers,
      // Any total: the database is out of reach before the price is compared.
      payload: { timeSlotId: slotId, paymentMethod: 'balance', expectedTotal: '10.000' },
    }),
  };
}

/** Each of {@link requestsNeedingTheDatabase} answers 503 serviceUnavailable (`suffix` is added to its name). */
export async function expectEachUnavailable(app: FastifyInstance, student: TestUser, slotId: number, suffix = '') {
  for (const [name, res] of Object.entries(await requestsNeedingTheDatabase(app, student, slotId))) {
    expectUnavailable(res, `${name}${suffix}`);
  }
}

/** `/api/health` while the database is out: 503 with Retry-After, degraded, the database down. */
export async function expectHealthDown(app: FastifyInstance, databaseKind: 'pglite' | 'postgres') {
  const health = await app.inject({ url: '/api/health' });
  expect(health.statusCode).toBe(503);
  expect(health.headers['retry-after']).toBe('5');
  expect(health.json()).toEqual({ status: 'degraded', database: 'down', redis: 'off', databaseKind });
}
