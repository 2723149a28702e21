import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { createTestDatabase } from '../test/helpers.ts';
import { createMailer, createTransport } from './mailer.ts';
import { renderMail } from './templates.ts';
import { type Received, readMessage, startSmtp } from './testing/smtp.ts';

const logger = pino({ level: 'silent' });

/**
 * Another process reading the dev outbox: every `*.json` file is parsed as soon as it is seen; one
 * that does not parse was caught half written. On stdin's end it prints `{ whole, partial }`.
 */
const OUTBOX_READER = `
const fs = require('node:fs');
const path = require('node:path');
const dir = process.argv[1];
const whole = new Set();
const partial = [];
function scan() {
  for (const name of fs.readdirSync(dir)) {
    if (!name.endsWith('.json') || whole.has(name)) continue;
    let text;
    try { text = fs.readFileSync(path.join(dir, name), 'utf8'); } catch { continue; }
    try { JSON.parse(text); whole.add(name); } catch { partial.push(name + ' at ' + text.length + ' characters'); }
  }
}
fs.watch(dir, scan);
const timer = setInterval(scan, 0);
process.stdin.resume();
process.stdin.on('end', () => {
  clearInterval(timer);
  scan();
  console.log(JSON.stringify({ whole: whole.size, partial }));
  process.exit(0);
});
console.log('ready');
`;
const FROM = 'Ustaz <no-reply@ustaz.test>';

describe('mailer over SMTP (outbox table + nodemailer)', () => {
  let database: Database;
  let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
  let port: number;
  const received: Received[] = [];
  // Not written to: the SMTP transport ignores it.
  const outboxDir = path.join(os.tmpdir(), 'ustaz-mailer-unused');

  const mailer = () =>
    createMailer(
      database.db,
      createTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM, outboxDir }, logger),
      FROM,
      logger,
    );
  const row = async (id: number) => (await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];

  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await startSmtp(0, received);
    port = smtp.port;
  });
  afterAll(async () => {
    await smtp?.close();
    await database.close();
  });
  beforeEach(() => {
    received.length = 0;
  });

  it('renders the confirmation mail right to left in Arabic and left to right in English, with the link', () => {
    const link = 'http://ustaz.test/ar/confirm-email?hash=abc123';
    const ar = renderMail('confirm', 'ar', 'نورة', link);
    expect(ar.subject).toBe('أكّد بريدك الإلكتروني في أستاذ');
    expect(ar.html).toContain('<html lang="ar" dir="rtl">');
    expect(ar.html).toContain(`href="${link}"`);
    expect(ar.text).toContain(link);
    expect(ar.text).toContain('مرحباً نورة،');

    const en = renderMail('confirm', 'en', '<b>Noura</b>', link.replace('/ar/', '/en/'));
    expect(en.subject).toBe('Confirm your e-mail for Ustaz');
    expect(en.html).toContain('<html lang="en" dir="ltr">');
    expect(en.html).not.toContain('dir="rtl"');
    expect(en.text).toContain('http://ustaz.test/en/confirm-email?hash=abc123');
    // A name is text, never markup.
    expect(en.html).not.toContain('<b>Noura</b>');
    expect(en.html).toContain('&#60;b&#62;Noura&#60;/b&#62;');
  });

  it('delivers a queued Arabic mail once, then an English one, each with its subject and link', async () => {
    const m = mailer();
    const arLink = 'http://ustaz.test/ar/confirm-email?hash=ArabicHash_0123456789abcdefghijklmnopqrstuvwxyz';
    const ar = renderMail('confirm', 'ar', 'نورة', arLink);
    const queued = await m.enqueue(database.db, { to: 'noura@example.com', ...ar });
    expect(received).toHaveLength(0);

    expect(await m.flush()).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['noura@example.com']);
    expect(received[0]?.from).toBe('no-reply@ustaz.test');
    const message = readMessage(received[0]?.raw ?? '');
    expect(message.subject).toBe(ar.subject);
    expect(message.text).toContain(arLink);
    expect(message.html).toContain('dir="rtl"');
    expect(message.html).toContain(`href="${arLink}"`);
    // Sent through SMTP: the body (and the link in it) leaves the table; recipient, subject and times stay.
    expect(await row(queued?.id ?? 0)).toMatchObject({
      to: 'noura@example.com',
      subject: ar.subject,
      text: '',
      html: '',
      attempts: 1,
      lastError: null,
      sentAt: expect.any(Date),
      createdAt: expect.any(Date),
    });

    const enLink = 'http://ustaz.test/en/confirm-email?hash=EnglishHash_0123456789';
    const en = renderMail('confirm', 'en', 'Noura', enLink);
    await m.enqueue(database.db, { to: 'noura.en@example.com', ...en });
    expect(await m.flush()).toBe(1);
    // The Arabic mail, already sent, is not sent again.
    expect(received).toHaveLength(2);
    const second = readMessage(received[1]?.raw ?? '');
    expect(received[1]?.to).toEqual(['noura.en@example.com']);
    expect(second.subject).toBe('Confirm your e-mail for Ustaz');
    expect(second.text).toContain(enLink);
    expect(second.html).toContain('dir="ltr"');

    expect(await m.flush()).toBe(0);
    expect(received).toHaveLength(2);
  });

  it("puts the operator's name and logo (website settings) on each mail as it is sent", async () => {
    const m = createMailer(
      database.db,
      createTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM, outboxDir }, logger),
      FROM,
      logger,
      async () => ({ appName: 'Brand <Co>', logoUrl: 'https://cdn.example.com/logo.png?a=1&b=2' }),
    );
    const link = 'http://ustaz.test/en/confirm-email?hash=Branded';
    await m.enqueue(database.db, { to: 'brand@example.com', ...renderMail('confirm', 'en', 'Noura', link) });
    expect(await m.flush()).toBe(1);
    const mail = readMessage(received[0]?.raw ?? '');
    expect(mail.html).toContain('<img src="https://cdn.example.com/logo.png?a=1&#38;b=2" alt="Brand &#60;Co&#62;"');
    expect(mail.html).toContain('<span>Brand &#60;Co&#62;</span>');
    expect(mail.html).not.toContain('<!--brand-->');
    expect(mail.text).toContain(link);
    expect(mail.text.trimEnd().endsWith('— Brand <Co>')).toBe(true);
  });

  it('keeps a mail while SMTP is down and sends it exactly once when SMTP is back', async () => {
    await smtp?.close();
    smtp = undefined;
    const m = mailer();
    const link = 'http://ustaz.test/en/confirm-email?hash=WhileDown';
    const queued = await m.enqueue(database.db, {
      to: 'later@example.com',
      ...renderMail('confirm', 'en', 'Later', link),
    });
    const id = queued?.id ?? 0;

    expect(await m.flush()).toBe(0);
    const failed = await row(id);
    expect(failed).toMatchObject({ sentAt: null, attempts: 1 });
    expect(failed?.lastError).toEqual(expect.stringMatching(/\S/));
    expect(failed?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Not sent yet: the body waits in the table.
    expect(failed?.text).toContain(link);
    // Not due yet: a flush now does not try again.
    expect(await m.flush()).toBe(0);
    expect((await row(id))?.attempts).toBe(1);

    smtp = await startSmtp(port, received);
    expect(smtp.port).toBe(port);
    // Still waiting out its pause: nothing goes even though SMTP is up.
    expect(await m.flush()).toBe(0);
    expect(received).toHaveLength(0);

    await database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.id, id));
    expect(await m.flush()).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['later@example.com']);
    expect(readMessage(received[0]?.raw ?? '').text).toContain(link);
    expect(await row(id)).toMatchObject({ attempts: 2, lastError: null, sentAt: expect.any(Date), text: '', html: '' });

    expect(await m.flush()).toBe(0);
    expect(received).toHaveLength(1);
  });

  it('sends each mail once when flushes overlap, in one process or from two workers', async () => {
    const a = mailer();
    const b = mailer();
    for (const n of [1, 2, 3]) {
      await a.enqueue(database.db, {
        to: `many${n}@example.com`,
        ...renderMail('reset', 'en', 'Many', `http://ustaz.test/en/password-change?hash=h${n}&expires=1`),
      });
    }
    const [x, y, z] = await Promise.all([a.flush(), a.flush(), b.flush()]);
    // Two calls on one mailer share a run.
    expect(x).toBe(y);
    expect((x ?? 0) + (z ?? 0)).toBe(3);
    expect(received.map((r) => r.to[0]).sort()).toEqual([
      'many1@example.com',
      'many2@example.com',
      'many3@example.com',
    ]);
    const [pending] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(sql`${mailOutbox.sentAt} is null`);
    expect(pending?.n).toBe(0);
  });
});

describe('dev outbox transport (no SMTP_URL)', () => {
  let outboxDir: string;
  beforeEach(() => {
    outboxDir = mkdtempSync(path.join(os.tmpdir(), 'ustaz-outbox-test-'));
  });
  afterEach(() => rmSync(outboxDir, { recursive: true, force: true }));

  const readOutbox = (dir: string) =>
    readdirSync(dir)
      .sort()
      .map((name) => ({ name, mail: JSON.parse(readFileSync(path.join(dir, name), 'utf8')) }));

  it('writes each mail as a JSON file with its links', async () => {
    const dir = path.join(outboxDir, 'nested', 'mail');
    const transport = createTransport({ smtpUrl: undefined, from: FROM, outboxDir: dir }, logger);
    expect(transport.describe).toContain(dir);
    const link = 'http://ustaz.test/ar/password-change?hash=xyz&expires=1700000000000';
    const mail = renderMail('reset', 'ar', 'نورة', link);
    await transport.send({ from: FROM, to: 'Noura/../x@example.com', ...mail });

    const written = readOutbox(dir);
    expect(written).toHaveLength(1);
    expect(written[0]?.name).toMatch(/\.json$/);
    expect(written[0]?.name).not.toContain('/');
    expect(written[0]?.mail).toMatchObject({
      from: FROM,
      to: 'Noura/../x@example.com',
      subject: mail.subject,
      links: [link],
      createdAt: expect.any(String),
    });
    expect(written[0]?.mail.html).toContain('dir="rtl"');
  });

  it('writes each mail whole (a temporary file, then a rename): a reader in another process never sees part of one (issue 29)', async () => {
    // A reader as a developer's tool or the browser tests run one: another process that picks up
    // every *.json file as soon as it appears (watch + a tight poll) and parses it.
    const reader = spawn(process.execPath, ['-e', OUTBOX_READER, outboxDir], { stdio: ['pipe', 'pipe', 'inherit'] });
    let output = '';
    reader.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    await expect.poll(() => output, { timeout: 10_000 }).toContain('ready');
    const transport = createTransport({ smtpUrl: undefined, from: FROM, outboxDir }, logger);
    // Long mails, so each write takes long enough to be caught in the middle.
    const padding = 'ـ'.repeat(1_000_000);
    for (let n = 0; n < 60; n += 1) {
      const link = `http://ustaz.test/ar/confirm-email?hash=h${n}`;
      await transport.send({
        from: FROM,
        to: 'reader@example.com',
        subject: `s${n}`,
        text: `${padding}\n${link}`,
        html: '',
      });
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    reader.stdin.end();
    await new Promise((resolve) => reader.on('close', resolve));
    const summary = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as { whole: number; partial: string[] };
    expect(summary.partial).toEqual([]);
    expect(summary.whole).toBe(60);
    // Nothing is left under a temporary name.
    expect(readdirSync(outboxDir).filter((name) => !name.endsWith('.json'))).toEqual([]);
  }, 60_000);

  it('keeps every mail when several go to one address at once', async () => {
    const transport = createTransport({ smtpUrl: undefined, from: FROM, outboxDir }, logger);
    for (const n of [1, 2, 3, 4, 5]) {
      await transport.send({
        from: FROM,
        to: 'same@example.com',
        ...renderMail('confirm', 'en', 'Same', `http://ustaz.test/en/confirm-email?hash=n${n}`),
      });
    }
    const links = readOutbox(outboxDir).flatMap((f) => f.mail.links as string[]);
    expect(links.sort()).toEqual([1, 2, 3, 4, 5].map((n) => `http://ustaz.test/en/confirm-email?hash=n${n}`));
  });

  it('writes a mail to the longest address the contract allows (254 characters)', async () => {
    const to = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.kw`;
    expect(to).toHaveLength(254);
    const transport = createTransport({ smtpUrl: undefined, from: FROM, outboxDir }, logger);
    const link = 'http://ustaz.test/en/confirm-email?hash=long';
    await transport.send({ from: FROM, to, ...renderMail('confirm', 'en', 'Long', link) });
    expect(readOutbox(outboxDir).map((f) => f.mail)).toEqual([expect.objectContaining({ to, links: [link] })]);
  });

  it('is what the mailer uses without SMTP: a queued mail lands in the folder once', async () => {
    const database = await createTestDatabase();
    try {
      const m = createMailer(
        database.db,
        createTransport({ smtpUrl: undefined, from: FROM, outboxDir }, logger),
        FROM,
        logger,
      );
      const link = 'http://ustaz.test/en/confirm-email?hash=dev';
      const queued = await m.enqueue(database.db, {
        to: 'dev@example.com',
        ...renderMail('confirm', 'en', 'Dev', link),
      });
      expect(await m.flush()).toBe(1);
      // The dev outbox keeps the body in the table too (the file has it anyway).
      const [sent] = await database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.id, queued?.id ?? 0));
      expect(sent).toMatchObject({ sentAt: expect.any(Date), text: expect.stringContaining(link) });
      expect(await m.flush()).toBe(0);
      const written = readOutbox(outboxDir);
      expect(written).toHaveLength(1);
      expect(written[0]?.mail).toMatchObject({ to: 'dev@example.com', links: [link], from: FROM });
    } finally {
      await database.close();
    }
  });
});
