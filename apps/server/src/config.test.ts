import { describe, expect, it } from 'vitest';
import { createClock } from './clock.ts';
import { ConfigRefusedError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to embedded PGlite on port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe('pglite');
    expect(config.seedDemoData).toBe(true);
    expect(config.redisUrl).toBeUndefined();
  });

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/db',
      PORT: '8080',
      SEED_DEMO_DATA: 'false',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@127.0.0.1:5432/db' });
    expect(config.port).toBe(8080);
    expect(config.seedDemoData).toBe(false);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, database: { kind: 'pglite' } });
  });

  it('refuses a wrong variable with a readable message', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/Invalid environment:\n {2}PORT:/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});

describe('TEST_CLOCK_OFFSET_SECONDS and ICE_SERVERS', () => {
  it('shift the clock outside production and parse the ICE servers', () => {
    const config = loadConfig({
      TEST_CLOCK_OFFSET_SECONDS: '-90',
      ICE_SERVERS:
        '[{"urls":"stun:stun.example.com:3478"},{"urls":["turn:t.example.com"],"username":"u","credential":"p"}]',
    });
    expect(config.clockOffsetSeconds).toBe(-90);
    expect(config.iceServers).toEqual([
      { urls: 'stun:stun.example.com:3478' },
      { urls: ['turn:t.example.com'], username: 'u', credential: 'p' },
    ]);
    const clock = createClock(config.clockOffsetSeconds);
    expect(Math.abs(clock().getTime() - (Date.now() - 90_000))).toBeLessThan(1000);
    expect(loadConfig({}).iceServers).toEqual([]);
    expect(loadConfig({}).clockOffsetSeconds).toBe(0);
  });

  it('reject an ICE_SERVERS that is not a JSON array of servers and a fractional offset', () => {
    expect(() => loadConfig({ ICE_SERVERS: 'stun:x' })).toThrow(/ICE_SERVERS/);
    expect(() => loadConfig({ ICE_SERVERS: '[{"url":"stun:x"}]' })).toThrow(/ICE_SERVERS/);
    expect(() => loadConfig({ TEST_CLOCK_OFFSET_SECONDS: '1.5' })).toThrow(/TEST_CLOCK_OFFSET_SECONDS/);
  });
});

describe('loadConfig with NODE_ENV=production', () => {
  const ready = {
    NODE_ENV: 'production',
    PAYZAH_PRIVATE_KEY: 'payzah-private-key',
    DEEMA_API_KEY: 'deema-api-key',
    DEEMA_WEBHOOK_SECRET: 'deema-webhook-secret-0123',
    SMTP_URL: 'smtp://mail.example.com:587',
    JWT_SECRET: 'production-secret-production-secret-0123',
    PUBLIC_URL: 'https://ustaz.com.kw',
  };
  const without = (...names: (keyof typeof ready)[]) =>
    Object.fromEntries(Object.entries(ready).filter(([name]) => !names.includes(name as keyof typeof ready)));
  const refusal = (env: NodeJS.ProcessEnv) => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigRefusedError);
      return (error as Error).message;
    }
    throw new Error('loadConfig accepted the environment');
  };

  it('starts with gateway keys, SMTP and a JWT secret', () => {
    const config = loadConfig(ready);
    expect(config.production).toBe(true);
    expect(config.payments.payzah).not.toBeNull();
    expect(config.payments.deema).not.toBeNull();
    expect(config.mail.smtpUrl).toBe(ready.SMTP_URL);
  });

  it('refuses no gateway keys at all, in one line naming both and the opt-in', () => {
    const message = refusal(without('PAYZAH_PRIVATE_KEY', 'DEEMA_API_KEY', 'DEEMA_WEBHOOK_SECRET'));
    expect(message).not.toContain('\n');
    expect(message).toMatch(/^Refusing to start with NODE_ENV=production: /);
    expect(message).toContain('PAYZAH_PRIVATE_KEY');
    expect(message).toContain('DEEMA_API_KEY');
    expect(message).toContain('PAYMENTS_SANDBOX=true');
    expect(message).not.toContain('SMTP_URL');
  });

  it('refuses one gateway without keys too: it would run on the sandbox', () => {
    expect(refusal(without('DEEMA_WEBHOOK_SECRET'))).toContain('Deema (DEEMA_API_KEY and DEEMA_WEBHOOK_SECRET)');
    const payzah = refusal(without('PAYZAH_PRIVATE_KEY'));
    expect(payzah).toContain('Payzah');
    expect(payzah).not.toContain('Deema');
  });

  it('accepts the sandbox gateway with PAYMENTS_SANDBOX=true', () => {
    const config = loadConfig({
      ...without('PAYZAH_PRIVATE_KEY', 'DEEMA_API_KEY', 'DEEMA_WEBHOOK_SECRET'),
      PAYMENTS_SANDBOX: 'true',
    });
    expect(config.payments).toMatchObject({ payzah: null, deema: null });
  });

  it('refuses no SMTP_URL, and accepts the file outbox with MAIL_OUTBOX=true', () => {
    const message = refusal(without('SMTP_URL'));
    expect(message).toContain('SMTP_URL is unset');
    expect(message).toContain('MAIL_OUTBOX=true');
    expect(message).not.toContain('PAYMENTS_SANDBOX');
    expect(loadConfig({ ...without('SMTP_URL'), MAIL_OUTBOX: 'true' }).mail.smtpUrl).toBeUndefined();
    // MAIL_OUTBOX=false is no opt-in.
    expect(refusal({ ...without('SMTP_URL'), MAIL_OUTBOX: 'false' })).toContain('SMTP_URL');
  });

  it('refuses no JWT_SECRET (the key made up on this host is for development) and a short one', () => {
    expect(refusal(without('JWT_SECRET'))).toContain('JWT_SECRET is unset');
    expect(() => loadConfig({ ...ready, JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });

  it('refuses a non-zero TEST_CLOCK_OFFSET_SECONDS in one line, and accepts 0', () => {
    const message = refusal({ ...ready, TEST_CLOCK_OFFSET_SECONDS: '3600' });
    expect(message).toMatch(/^Refusing to start with NODE_ENV=production: TEST_CLOCK_OFFSET_SECONDS is not 0/);
    expect(message).not.toContain('\n');
    expect(loadConfig({ ...ready, TEST_CLOCK_OFFSET_SECONDS: '0' }).clockOffsetSeconds).toBe(0);
  });

  it('names every problem at once, still on one line', () => {
    const message = refusal({ NODE_ENV: 'production' });
    // Gateways, SMTP, JWT_SECRET and PUBLIC_URL.
    expect(message.split('; ')).toHaveLength(4);
    expect(message).not.toContain('\n');
  });

  it('asks nothing of development, tests or an unset NODE_ENV (npm start, the demo)', () => {
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      const config = loadConfig({ NODE_ENV });
      expect(config.production).toBe(false);
      expect(config.payments).toMatchObject({ payzah: null, deema: null });
      expect(config.mail.smtpUrl).toBeUndefined();
    }
  });

  it('seeds no demo data by default (issue 29): the demo accounts are not carried into production', () => {
    expect(loadConfig(ready)).toMatchObject({ seedDemoData: false, demoDeployment: false });
    expect(loadConfig({ ...ready, SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
    // Outside production the demo stays the default (npm start).
    expect(loadConfig({}).seedDemoData).toBe(true);
  });

  it('refuses SEED_DEMO_DATA=true alone in one line, and accepts it beside DEMO_DEPLOYMENT=true (a demo deployment)', () => {
    const message = refusal({ ...ready, SEED_DEMO_DATA: 'true' });
    expect(message).toMatch(
      /^Refusing to start with NODE_ENV=production: SEED_DEMO_DATA=true would add the demo accounts/,
    );
    expect(message).toContain('DEMO_DEPLOYMENT=true');
    expect(message).not.toContain('\n');
    expect(refusal({ ...ready, SEED_DEMO_DATA: 'true', DEMO_DEPLOYMENT: 'false' })).toContain('SEED_DEMO_DATA');
    const demo = loadConfig({ ...ready, SEED_DEMO_DATA: 'true', DEMO_DEPLOYMENT: 'true' });
    expect(demo).toMatchObject({ seedDemoData: true, demoDeployment: true });
    // DEMO_DEPLOYMENT alone seeds nothing.
    expect(loadConfig({ ...ready, DEMO_DEPLOYMENT: 'true' })).toMatchObject({
      seedDemoData: false,
      demoDeployment: false,
    });
    // Outside production neither is asked for, and nothing is a demo deployment.
    expect(loadConfig({ SEED_DEMO_DATA: 'true' })).toMatchObject({ seedDemoData: true, demoDeployment: false });
  });

  it('refuses a low-entropy JWT_SECRET: one character repeated, or fewer than 16 distinct characters', () => {
    const repeated = refusal({ ...ready, JWT_SECRET: 'x'.repeat(64) });
    expect(repeated).toMatch(/^Refusing to start with NODE_ENV=production: JWT_SECRET has one character repeated/);
    expect(repeated).not.toContain('x'.repeat(32));
    const pattern = refusal({ ...ready, JWT_SECRET: 'abcdefghijklmno'.repeat(3) });
    expect(pattern).toContain('JWT_SECRET has only 15 distinct characters');
    expect(pattern).not.toContain('\n');
    // 16 distinct characters pass, and so does a random key.
    expect(loadConfig({ ...ready, JWT_SECRET: 'abcdefghijklmnop'.repeat(2) }).jwtSecret).toBe(
      'abcdefghijklmnop'.repeat(2),
    );
    expect(loadConfig(ready).jwtSecret).toBe(ready.JWT_SECRET);
    // Development keeps whatever it is given.
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(64) }).jwtSecret).toBe('x'.repeat(64));
  });

  it('refuses a PUBLIC_URL that is not https, unless PLAIN_HTTP_PUBLIC_URL names that very address', () => {
    expect(refusal(without('PUBLIC_URL'))).toMatch(/^Refusing to start with NODE_ENV=production: PUBLIC_URL is unset/);
    const plain = refusal({ ...ready, PUBLIC_URL: 'http://ustaz.internal:8080' });
    expect(plain).toContain('PUBLIC_URL http://ustaz.internal:8080 is not https');
    expect(plain).toContain('PLAIN_HTTP_PUBLIC_URL=http://ustaz.internal:8080');
    expect(plain).not.toContain('\n');
    const accepted = loadConfig({
      ...ready,
      PUBLIC_URL: 'http://ustaz.internal:8080',
      PLAIN_HTTP_PUBLIC_URL: 'http://ustaz.internal:8080/',
    });
    expect(accepted.publicUrl).toBe('http://ustaz.internal:8080');
    // An opt-in for another address is no opt-in.
    expect(
      refusal({ ...ready, PUBLIC_URL: 'http://ustaz.internal:8080', PLAIN_HTTP_PUBLIC_URL: 'http://other.internal' }),
    ).toContain('PLAIN_HTTP_PUBLIC_URL http://other.internal is not PUBLIC_URL http://ustaz.internal:8080');
    expect(loadConfig(ready).publicUrl).toBe('https://ustaz.com.kw');
    // Development keeps the local default.
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
  });

  it('with PUBLIC_URL unset, the links follow PORT (issue 30 item 16: PORT=3941 gave localhost:3000)', () => {
    expect(loadConfig({ PORT: '3941' }).publicUrl).toBe('http://localhost:3941');
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    // A set PUBLIC_URL wins over PORT.
    expect(loadConfig({ PORT: '3941', PUBLIC_URL: 'http://ustaz.test:9000' }).publicUrl).toBe('http://ustaz.test:9000');
  });
});

describe('TRUST_PROXY names the proxies (issue 29)', () => {
  it('takes addresses, CIDR ranges and the names loopback, linklocal and uniquelocal; unset or false is none', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, fd00::/8 ,LoopBack,uniquelocal' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
      'loopback',
      'uniquelocal',
    ]);
    expect(loadConfig({ TRUST_PROXY: '::1,169.254.0.0/16,linklocal' }).trustProxy).toEqual([
      '::1',
      '169.254.0.0/16',
      'linklocal',
    ]);
  });

  it('refuses true (every address: the client would choose its own) with a message saying what to write', () => {
    for (const value of ['true', '1', 'TRUE']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /Invalid environment:\n {2}TRUST_PROXY: \S+ would trust every address, so a client could choose its own by sending X-Forwarded-For: name the proxies instead/,
      );
    }
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=127\.0\.0\.1/);
  });

  it('refuses a hop count, an every-address range, a bad prefix and what is not an address', () => {
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY: a hop count \(2\) cannot tell a proxy/);
    expect(() => loadConfig({ TRUST_PROXY: '0.0.0.0/0' })).toThrow(/"0\.0\.0\.0\/0" is every address/);
    expect(() => loadConfig({ TRUST_PROXY: '::/0' })).toThrow(/TRUST_PROXY: "::\/0" is every address/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/prefix outside 0-32/);
    expect(() => loadConfig({ TRUST_PROXY: 'fd00::/129' })).toThrow(/prefix outside 0-128/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8/1' })).toThrow(/not an address/);
    expect(() => loadConfig({ TRUST_PROXY: '127.0.0.1,nginx' })).toThrow(/"nginx" is not an address/);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });
});
