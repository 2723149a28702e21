import { Writable } from 'node:stream';
import { tokensResponseSchema } from '@ustaz/contract';
import { eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { mailOutbox, sessions } from '../db/schema.ts';
import { failpoints } from '../failpoints.ts';
import { type Received, readMessage, startSmtp } from '../mail/testing/smtp.ts';
import { createFactories } from '../test/factories.ts';
import { createTestDatabase, latestMailTo, testConfig, unusedPort } from '../test/helpers.ts';
import { fundWallet } from '../test/money.ts';
import { totalOf } from '../test/requests.ts';
import { nextAddress, nextSlotStart, pngUpload } from './support.ts';

/**
 * One app that mails through SMTP (down at first), logging at `trace` into a buffer.
 *
 * RELIABILITY P1 "Logs never contain passwords, tokens or the Authorization header": the app logs
 * at `trace` into a buffer through a whole account's life (register, confirm, login, refresh,
 * reuse of a spent refresh token, an upload, authenticated calls, a server error, forgot and reset
 * password, logout, mail delivery failing), and none of the secrets shows up in it.
 *
 * Mail goes to SMTP here, as in production: the dev outbox (no SMTP_URL) logs its links on purpose
 * (ADR 006), so that a developer can click them.
 */

const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    lines.push(chunk.toString('utf8'));
    callback();
  },
});

let database: Database;
let app: FastifyInstance;
let smtpPort: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig({ logLevel: 'trace', rateLimitMax: 1_000_000 });
  // A port nothing listens on: the SMTP server is down for the whole test.
  smtpPort = await unusedPort();
  app = await buildApp({
    config: { ...config, mail: { ...config.mail, smtpUrl: `smtp://127.0.0.1:${smtpPort}` } },
    database,
    logStream: sink,
  });
  await app.ready();
});
afterAll(async () => {
  failpoints.disarm('booking.afterDebit');
  await app.close();
  await database.close();
});

describe('log hygiene (RELIABILITY P1)', () => {
  it('no password, token, link hash or Authorization value is ever logged', async () => {
    const secrets: Record<string, string> = {};
    const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url, headers, remoteAddress: nextAddress(), ...(payload ? { payload } : {}) });
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const email = `logs-${Date.now()}@example.com`;

    secrets.password = 'Hygiene#Pass1';
    expect(
      (
        await post('/api/v1/auth/email/register', {
          firstName: 'Log',
          lastName: 'Watcher',
          email,
          password: secrets.password,
        })
      ).statusCode,
    ).toBe(201);
    secrets.confirmHash = (await latestMailTo(database, email))?.links[0]?.searchParams.get('hash') ?? '';
    expect(secrets.confirmHash).not.toBe('');
    expect((await post('/api/v1/auth/email/confirm', { hash: secrets.confirmHash })).statusCode).toBe(200);

    secrets.wrongPassword = 'Not#ThePass9';
    expect((await post('/api/v1/auth/email/login', { email, password: secrets.wrongPassword })).statusCode).toBe(422);
    const login = tokensResponseSchema.parse(
      (await post('/api/v1/auth/email/login', { email, password: secrets.password })).json(),
    );
    secrets.access1 = login.token;
    secrets.refresh1 = login.refreshToken;
    expect((await app.inject({ url: '/api/v1/auth/me', headers: bearer(login.token) })).statusCode).toBe(200);

    const refreshed = tokensResponseSchema
      .pick({ token: true, refreshToken: true })
      .parse((await post('/api/v1/auth/refresh', undefined, bearer(login.refreshToken))).json());
    secrets.access2 = refreshed.token;
    secrets.refresh2 = refreshed.refreshToken;
    // A spent refresh token again past the 10 s grace window (revokes the family), and an access
    // token where a refresh one goes.
    await database.db
      .update(sessions)
      .set({ usedAt: sql`now() - interval '11 seconds'` })
      .where(isNotNull(sessions.usedAt));
    expect((await post('/api/v1/auth/refresh', undefined, bearer(login.refreshToken))).statusCode).toBe(401);
    expect((await post('/api/v1/auth/refresh', undefined, bearer(refreshed.token))).statusCode).toBe(401);

    const again = tokensResponseSchema.parse(
      (await post('/api/v1/auth/email/login', { email, password: secrets.password })).json(),
    );
    secrets.access3 = again.token;
    secrets.refresh3 = again.refreshToken;
    const upload = pngUpload(7);
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/v1/files/upload',
      headers: { ...bearer(again.token), ...upload.headers },
      payload: upload.payload,
      remoteAddress: nextAddress(),
    });
    expect(uploaded.statusCode).toBe(201);

    // An authenticated call that fails inside the server (logged with its error at level error).
    const f = createFactories(database);
    const teacher = await f.teacher();
    const slot = await f.slot(teacher.profile.id, nextSlotStart());
    const me = (await app.inject({ url: '/api/v1/auth/me', headers: bearer(again.token) })).json() as { id: number };
    await fundWallet(database.db, me.id, 50_000);
    failpoints.arm('booking.afterDebit', () => {
      throw new Error('injected fault');
    });
    const failed = await post(
      '/api/v1/booking/single',
      { timeSlotId: slot.id, paymentMethod: 'balance', expectedTotal: totalOf(slot) },
      bearer(again.token),
    );
    failpoints.disarm('booking.afterDebit');
    expect(failed.statusCode).toBe(500);

    // Forgotten password: the reset link, then a new password.
    expect((await post('/api/v1/auth/forgot/password', { email })).statusCode).toBe(200);
    const resetLink = (await latestMailTo(database, email))?.links[0];
    secrets.resetHash = resetLink?.searchParams.get('hash') ?? '';
    expect(secrets.resetHash).not.toBe('');
    secrets.newPassword = 'Hygiene#New2';
    expect(
      (await post('/api/v1/auth/reset/password', { hash: secrets.resetHash, password: secrets.newPassword }))
        .statusCode,
    ).toBe(200);
    const last = tokensResponseSchema.parse(
      (await post('/api/v1/auth/email/login', { email, password: secrets.newPassword })).json(),
    );
    secrets.access4 = last.token;
    secrets.refresh4 = last.refreshToken;
    expect((await post('/api/v1/auth/logout', undefined, bearer(last.refreshToken))).statusCode).toBe(200);
    // Delivery to the SMTP server that is down: its failure is logged, the mail is not.
    await app.mailer.flush();

    const log = lines.join('');
    // The capture works: requests, the 500 and the failed delivery are all in it.
    expect(log).toContain('incoming request');
    expect(log).toContain('request failed');
    expect(log).toContain('mail delivery failed');
    expect(log).toContain('/api/v1/auth/refresh');
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThan(8);
      const leaking = lines.filter((line) => line.includes(secret));
      expect(leaking, `${name} appears in the log`).toEqual([]);
    }
    // Nor any part of a JWT (its signature), nor any bearer value at all.
    for (const token of [secrets.access1, secrets.access2, secrets.access3, secrets.access4]) {
      expect(log.includes(token?.split('.')[2] ?? 'none'), 'a JWT signature appears in the log').toBe(false);
    }
    expect(/bearer\s+[\w-]{10,}/i.test(log), 'a bearer value appears in the log').toBe(false);
  });
});

describe('SMTP down (RELIABILITY P1)', () => {
  it('registration still succeeds; the mail waits in the outbox and is sent once SMTP is back', async () => {
    const email = `smtp-down-${Date.now()}@example.com`;
    const registered = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/email/register',
      payload: { firstName: 'Smtp', lastName: 'Down', email, password: 'Secret#123' },
      remoteAddress: nextAddress(),
    });
    expect(registered.statusCode).toBe(201);
    await app.mailer.flush(); // the request's own attempt may still be running: this one waits for it
    const [queued] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(queued).toMatchObject({ sentAt: null });
    expect(queued?.attempts).toBeGreaterThanOrEqual(1);
    expect(queued?.lastError).toEqual(expect.stringMatching(/\S/));

    // The link, read while the mail waits: once sent through SMTP its body leaves the table.
    const hash = (await latestMailTo(database, email))?.links[0]?.searchParams.get('hash') ?? '';
    expect(hash).not.toBe('');
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          received.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
    try {
      // Its retry pause over, the next flush delivers it; later flushes send nothing more.
      await database.db
        .update(mailOutbox)
        .set({ nextAttemptAt: sql`now() - interval '1 second'` })
        .where(isNull(mailOutbox.sentAt));
      await app.mailer.flush();
      await app.mailer.flush();
      await Promise.all([app.mailer.flush(), app.mailer.flush()]);
      expect(received.filter((to) => to === email)).toEqual([email]);
      const [sent] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
      expect(sent?.sentAt).toBeInstanceOf(Date);
      expect(sent).toMatchObject({ text: '', html: '' });
      // The link in it still confirms the account.
      const confirmed = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/email/confirm',
        payload: { hash },
        remoteAddress: nextAddress(),
      });
      expect(confirmed.statusCode).toBe(200);
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});

describe('SMTP up: links never reach the log (issue 13)', () => {
  it('a confirmation and a reset mail are delivered; no link or hash is logged at trace; the sent rows keep no body', async () => {
    const ownLines: string[] = [];
    const ownSink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        ownLines.push(chunk.toString('utf8'));
        callback();
      },
    });
    const received: Received[] = [];
    const smtp = await startSmtp(0, received);
    const config = testConfig({ logLevel: 'trace', rateLimitMax: 1_000_000 });
    const smtpApp = await buildApp({
      config: { ...config, mail: { ...config.mail, smtpUrl: `smtp://127.0.0.1:${smtp.port}` } },
      database,
      logStream: ownSink,
    });
    try {
      await smtpApp.ready();
      const email = `smtp-up-${Date.now()}@example.com`;
      const post = (url: string, payload: object) =>
        smtpApp.inject({ method: 'POST', url, payload, remoteAddress: nextAddress() });
      expect(
        (
          await post('/api/v1/auth/email/register', {
            firstName: 'Smtp',
            lastName: 'Up',
            email,
            password: 'Secret#123',
          })
        ).statusCode,
      ).toBe(201);
      await smtpApp.mailer.flush();
      const confirmLink = linkIn(received, email, 0);
      const confirmHash = confirmLink.searchParams.get('hash') ?? '';
      expect(confirmHash.length).toBeGreaterThan(8);
      // The user opens the link (the page request is logged) and the page confirms with the hash.
      await smtpApp.inject({ url: `${confirmLink.pathname}${confirmLink.search}`, remoteAddress: nextAddress() });
      expect((await post('/api/v1/auth/email/confirm', { hash: confirmHash })).statusCode).toBe(200);

      expect((await post('/api/v1/auth/forgot/password', { email })).statusCode).toBe(200);
      await smtpApp.mailer.flush();
      const resetLink = linkIn(received, email, 1);
      const resetHash = resetLink.searchParams.get('hash') ?? '';
      expect(resetHash.length).toBeGreaterThan(8);
      await smtpApp.inject({ url: `${resetLink.pathname}${resetLink.search}`, remoteAddress: nextAddress() });

      const log = ownLines.join('');
      // The capture works: the page requests and the API calls are in it.
      expect(log).toContain(confirmLink.pathname);
      expect(log).toContain(resetLink.pathname);
      expect(log).toContain('/api/v1/auth/forgot/password');
      for (const [name, secret] of Object.entries({ confirmHash, resetHash })) {
        expect(
          ownLines.filter((line) => line.includes(secret)),
          `${name} appears in the log`,
        ).toEqual([]);
      }
      expect(log).not.toContain('mail written to the dev outbox');
      expect(log).not.toMatch(/hash=(?!\[redacted\])/);

      // Both rows: sent, recipient and subject kept, body gone.
      const rows = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(row).toMatchObject({ to: email, text: '', html: '', sentAt: expect.any(Date) });
        expect(row.subject).not.toBe('');
      }
    } finally {
      await smtpApp.close();
      await smtp.close();
    }
  });
});

/** The link in the n-th mail an SMTP server received for an address. */
function linkIn(received: Received[], to: string, n: number): URL {
  const mail = received.filter((r) => r.to.includes(to))[n];
  const text = readMessage(mail?.raw ?? '').text;
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`no link in mail ${n} to ${to}: ${text.slice(0, 200)}`);
  return new URL(match[0]);
}
