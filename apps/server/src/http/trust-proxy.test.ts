import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { useTestApp } from '../test/test-app.ts';

/**
 * Issue 29 "the client must not choose its own address": behind the proxies TRUST_PROXY names, the
 * client's address is the X-Forwarded-For entry the proxy wrote (the right-most one not a proxy),
 * never one the client put before it; a request from anywhere else has its header ignored. Seen
 * through the sign-in delay, which counts failures per account and address (5 free, then a wait).
 */
const { t } = useTestApp({ trustProxy: loadConfig({ TRUST_PROXY: '127.0.0.1, fd00::/8' }).trustProxy });

let accounts = 0;
const unknownEmail = () => `nobody-${Date.now()}-${accounts++}@forged.test`;

function login(email: string, remoteAddress: string, forwardedFor?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/email/login',
    payload: { email, password: 'Wrong#Password1' },
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
}

describe('the client address behind TRUST_PROXY', () => {
  it('from a named proxy: a forged entry before the one the proxy wrote changes nothing', async () => {
    const email = unknownEmail();
    for (let i = 1; i <= 5; i++) {
      expect((await login(email, '127.0.0.1', `198.51.100.${i}, 203.0.113.7`)).statusCode).toBe(422);
    }
    // The sixth failure from 203.0.113.7 waits, whatever it claims to have come from.
    const delayed = await login(email, '127.0.0.1', '198.51.100.99, 203.0.113.7');
    expect(delayed.statusCode).toBe(429);
    expect(Number(delayed.headers['retry-after'])).toBeGreaterThan(0);
    // Another client behind the same proxy is its own address: not delayed.
    expect((await login(email, '127.0.0.1', '203.0.113.8')).statusCode).toBe(422);
    // A proxy in a CIDR range (IPv6) is believed the same way.
    const other = unknownEmail();
    for (let i = 1; i <= 5; i++) await login(other, 'fd00::5', `198.51.100.${i}, 2001:db8::7`);
    expect((await login(other, 'fd00::5', '198.51.100.77, 2001:db8::7')).statusCode).toBe(429);
  });

  it('from an address that is not a proxy: its X-Forwarded-For is ignored, the connection counts', async () => {
    const email = unknownEmail();
    for (let i = 1; i <= 5; i++) {
      expect((await login(email, '203.0.113.50', `198.51.100.${i}`)).statusCode).toBe(422);
    }
    expect((await login(email, '203.0.113.50', '198.51.100.100')).statusCode).toBe(429);
    // Nor can it pin its failures on someone else: the address it names is not delayed.
    expect((await login(email, '198.51.100.100')).statusCode).toBe(422);
  });
});
