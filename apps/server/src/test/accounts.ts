import { tokensResponseSchema } from '@ustaz/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../db/client.ts';
import { latestMailTo } from './helpers.ts';
import { nextAddress } from './requests.ts';

/** E-mail accounts as a browser makes them, through the real auth routes (each call from a fresh address). */

type TestAppParts = { app: FastifyInstance; database: Database };
type Names = { firstName: string; lastName: string };

export const TEST_PASSWORD = 'Secret123';

/** `POST /api/v1/auth/email/register` with {@link TEST_PASSWORD}; expects 201. */
export async function registerByEmail(t: TestAppParts, email: string, names: Names): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/email/register',
    payload: { ...names, email, password: TEST_PASSWORD },
    remoteAddress: nextAddress(),
  });
  expect(res.statusCode).toBe(201);
}

/** Confirms the address with the link of the latest mail to it; expects 200. */
export async function confirmByMail(t: TestAppParts, email: string): Promise<void> {
  const hash = (await latestMailTo(t.database, email))?.links[0]?.searchParams.get('hash');
  expect(hash, `a confirmation link mailed to ${email}`).toBeTruthy();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/email/confirm',
    payload: { hash },
    remoteAddress: nextAddress(),
  });
  expect(res.statusCode).toBe(200);
}

/** Registers, confirms and signs in (from `remoteAddress` when given); expects 200: the account's tokens. */
export async function signedUpByEmail(t: TestAppParts, email: string, names: Names, remoteAddress = nextAddress()) {
  await registerByEmail(t, email, names);
  await confirmByMail(t, email);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/email/login',
    payload: { email, password: TEST_PASSWORD },
    remoteAddress,
  });
  expect(res.statusCode).toBe(200);
  return tokensResponseSchema.parse(res.json());
}
