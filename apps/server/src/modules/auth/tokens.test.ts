import { createHmac, createSecretKey } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createAccessTokens, verifyAccessToken } from './tokens.ts';

const SECRET = 'a-test-secret-a-test-secret-a-test-secret';
const key = createSecretKey(Buffer.from(SECRET, 'utf8'));
const NOW = 1_900_000_000;

/** A token like ours, signed by jose, with `claims` and `header` changed. */
function token(claims: Record<string, unknown> = {}, header: Record<string, unknown> = {}) {
  return new SignJWT({
    role: 3,
    sfm: 'family',
    sub: '7',
    iss: 'ustaz',
    aud: 'ustaz-api',
    iat: NOW,
    exp: NOW + 60,
    ...claims,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...header })
    .sign(key);
}

/** A token signed by hand with our key (jose will not sign headers it does not support). */
function signedByHand(header: Record<string, unknown>) {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part(header)}.${part({ role: 3, sfm: 'f', sub: '7', iss: 'ustaz', aud: 'ustaz-api', iat: NOW, exp: NOW + 60 })}`;
  return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
}

describe('verifyAccessToken (synchronous HS256, the rules jwtVerify applied)', () => {
  it('accepts our own tokens and a jose-made one, and answers the claims', async () => {
    const tokens = createAccessTokens(SECRET);
    const { token: ours } = await tokens.sign({ userId: 42, roleId: 2, sessionFamily: 'f' }, NOW * 1000);
    expect(await tokens.verify(ours, NOW * 1000)).toEqual({ userId: 42, roleId: 2, sessionFamily: 'f' });
    expect(verifyAccessToken(await token(), key, NOW)).toEqual({ userId: 7, roleId: 3, sessionFamily: 'family' });
    expect(verifyAccessToken(await token({ aud: ['other', 'ustaz-api'] }), key, NOW)).not.toBeNull();
  });

  it('refuses expiry at the second, a future nbf, a missing iat, sub or claims of ours', async () => {
    expect(verifyAccessToken(await token(), key, NOW + 59)).not.toBeNull();
    expect(verifyAccessToken(await token(), key, NOW + 60)).toBeNull();
    expect(verifyAccessToken(await token({ nbf: NOW + 5 }), key, NOW)).toBeNull();
    expect(verifyAccessToken(await token({ nbf: NOW }), key, NOW)).not.toBeNull();
    for (const claims of [
      { iat: undefined },
      { sub: undefined },
      { sub: 'abc' },
      { sub: '0' },
      { exp: undefined },
      { exp: '9999999999' },
      { role: '1' },
      { sfm: undefined },
      { iss: 'evil' },
      { aud: 'other' },
    ]) {
      expect(verifyAccessToken(await token(claims), key, NOW), JSON.stringify(claims)).toBeNull();
    }
  });

  it('refuses another algorithm, crit and b64 headers, another key, edits and malformed tokens', async () => {
    const good = await token();
    const [h, p, s] = good.split('.') as [string, string, string];
    const otherKey = createSecretKey(Buffer.from(`${SECRET}!`, 'utf8'));
    const hs512 = await new SignJWT({
      sub: '7',
      role: 3,
      sfm: 'f',
      iss: 'ustaz',
      aud: 'ustaz-api',
      iat: NOW,
      exp: NOW + 60,
    })
      .setProtectedHeader({ alg: 'HS512' })
      .sign(key);
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${p}.`;
    const edited = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), role: 1 })).toString('base64url')}.${s}`;
    expect(verifyAccessToken(signedByHand({ alg: 'HS256' }), key, NOW)).not.toBeNull();
    const crit = signedByHand({ alg: 'HS256', crit: ['exp'] });
    const b64 = signedByHand({ alg: 'HS256', b64: true });
    const forged = [
      hs512,
      none,
      edited,
      crit,
      b64,
      await new SignJWT({ sub: '7', role: 3, sfm: 'f', iss: 'ustaz', aud: 'ustaz-api', iat: NOW, exp: NOW + 60 })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(otherKey),
      `${h}.${p}.${s}x`,
      `${h}.${p}.${s.slice(0, -1)}A`,
      `${h}.${p}`,
      `${good}.x`,
      `${h}.${p}+.${s}`,
      'garbage',
      '',
    ];
    expect(verifyAccessToken(good, key, NOW)).not.toBeNull();
    for (const bad of forged) expect(verifyAccessToken(bad, key, NOW), bad).toBeNull();
  });
});
