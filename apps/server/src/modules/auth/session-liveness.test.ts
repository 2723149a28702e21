import { ROLE, tokensResponseSchema } from '@ustaz/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { suspendAsAdmin } from '../../test/admin.ts';
import { bookRequest } from '../../test/requests.ts';
import { useTestApp } from '../../test/test-app.ts';
import { hashPassword } from './passwords.ts';

/**
 * An access token is a signed promise for 15 minutes; requireAuth also asks whether its session
 * still lives, so logout and a suspension take it away at once (within 5 s on other processes).
 */
const { t: ctx, f } = useTestApp({ rateLimitMax: 1_000_000 });
const PASSWORD = 'Liveness-2026';
let passwordHash: string;

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

async function signIn() {
  const created = await f.student({ passwordHash });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/email/login',
    payload: { email: created.user.email, password: PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  const tokens = tokensResponseSchema.parse(res.json());
  return { ...created, tokens, bearer: { authorization: `Bearer ${tokens.token}` } };
}

const reservations = (headers: Record<string, string>) => ctx.app.inject({ url: '/api/v1/reservations', headers });
const me = (headers: Record<string, string>) => ctx.app.inject({ url: '/api/v1/auth/me', headers });

describe('access tokens of ended sessions', () => {
  it('are refused right after logout, while another session of the same user goes on', async () => {
    const person = await signIn();
    const other = await f.headersOf(person.user);
    expect((await reservations(person.bearer)).statusCode).toBe(200);
    expect((await me(person.bearer)).statusCode).toBe(200);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { authorization: `Bearer ${person.tokens.refreshToken}` },
    });
    expect(out.statusCode).toBe(200);
    expect((await reservations(person.bearer)).statusCode).toBe(401);
    // GET /auth/me (its own hand-written read and token check) refuses it too.
    expect((await me(person.bearer)).statusCode).toBe(401);
    expect((await reservations(other)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(200);
  });

  it('are refused right after an admin suspends the user, on every authenticated route', async () => {
    const person = await signIn();
    const admin = await f.user({ roleId: ROLE.admin });
    expect((await reservations(person.bearer)).statusCode).toBe(200);
    await suspendAsAdmin(ctx.app, admin.headers, person.user.id, 'Abusive messages');
    expect((await reservations(person.bearer)).statusCode).toBe(401);
    expect((await me(person.bearer)).statusCode).toBe(401);
    const book = await bookRequest(ctx.app, person.bearer, {
      timeSlotId: 1,
      paymentMethod: 'balance',
      expectedTotal: '10.000',
    });
    expect(book.statusCode).toBe(401);
  });
});
