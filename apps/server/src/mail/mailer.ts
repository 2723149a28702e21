import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Db, Executor } from '../db/client.ts';
import { claimMail, findDueMails, insertMail, markMailFailed, markMailSent, type OutgoingMail } from './mail.repo.ts';
import { brandMail, type MailBrand } from './templates.ts';

export type MailTransport = {
  send(mail: OutgoingMail & { from: string }): Promise<void>;
  describe: string;
  /**
   * Whether a sent mail keeps its body in `mail_outbox`. SMTP: no (a sent confirmation or reset
   * link is nobody's business, the row keeps recipient, subject, times and status); the dev
   * outbox: yes (the file has it anyway, and tests read links from the table).
   */
  keepsSentBody: boolean;
};

/**
 * SMTP when SMTP_URL is set: nothing of a mail (its links) is logged, at any level. Otherwise the
 * dev outbox: each mail written to a file (atomically) and logged with its links, for a developer to click.
 */
export function createTransport(mail: Config['mail'], log: FastifyBaseLogger): MailTransport {
  if (mail.smtpUrl) {
    const smtp = nodemailer.createTransport(mail.smtpUrl);
    return {
      describe: 'smtp',
      keepsSentBody: false,
      async send(message) {
        await smtp.sendMail(message);
      },
    };
  }
  return {
    describe: `dev outbox (${mail.outboxDir})`,
    keepsSentBody: true,
    async send(message) {
      mkdirSync(mail.outboxDir, { recursive: true });
      const links = [...message.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
      // A random part: two mails to one address in the same millisecond must not overwrite each other;
      // the address is cut so a long one (up to 254 characters) still fits a file name (255 bytes).
      const to = message.to.replace(/[^a-z0-9@._-]/gi, '_').slice(0, 100);
      const name = `${Date.now()}-${randomBytes(4).toString('hex')}-${to}.json`;
      const file = path.join(mail.outboxDir, name);
      // Whole or not at all: written under a temporary name (no `.json`: readers skip it), then
      // renamed, so a reader never picks up a mail half written (half a link).
      const temporary = path.join(mail.outboxDir, `.${name}.partial`);
      writeFileSync(temporary, JSON.stringify({ ...message, links, createdAt: new Date().toISOString() }, null, 2), {
        flag: 'wx',
      });
      renameSync(temporary, file);
      log.info({ to: message.to, subject: message.subject, links }, 'mail written to the dev outbox');
    },
  };
}

const LEASE_SECONDS = 60;
const BACKOFF_SECONDS = [10, 30, 120, 600, 1800];

/**
 * Mail goes through the `mail_outbox` table: queued in the same transaction as what caused it,
 * then delivered; a failed delivery is retried later with a growing pause, and sent once.
 */
export function createMailer(
  db: Db,
  transport: MailTransport,
  from: string,
  log: FastifyBaseLogger,
  /** The operator's name and logo from the website settings, put on each mail as it is sent. */
  brand?: () => Promise<MailBrand>,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function deliverDue(): Promise<number> {
    let sent = 0;
    const due = await findDueMails(db, 20);
    const currentBrand = due.length > 0 && brand ? await brand().catch(() => undefined) : undefined;
    for (const mail of due) {
      if (!(await claimMail(db, mail.id, LEASE_SECONDS))) continue;
      try {
        const body = { text: mail.text, html: mail.html };
        const { text, html } = currentBrand ? brandMail(body, currentBrand) : body;
        await transport.send({ from, to: mail.to, subject: mail.subject, text, html });
        await markMailSent(db, mail.id, { eraseBody: !transport.keepsSentBody });
        sent++;
      } catch (error) {
        const retryIn = BACKOFF_SECONDS[Math.min(mail.attempts, BACKOFF_SECONDS.length - 1)] ?? 1800;
        const reason = error instanceof Error ? error.message : String(error);
        // The reason and code only: a transport's error object may carry the message it failed on.
        const code = (error as { code?: unknown } | null)?.code;
        log.warn({ mailId: mail.id, reason: reason.slice(0, 300), code }, 'mail delivery failed, will retry');
        await markMailFailed(db, mail.id, reason, retryIn);
      }
    }
    return sent;
  }

  return {
    /** Queues a mail inside the caller's transaction. */
    enqueue(executor: Executor, mail: OutgoingMail) {
      return insertMail(executor, mail);
    },
    /** Delivers what is due now; concurrent calls share one run. Resolves with the number sent. */
    flush(): Promise<number> {
      running ??= deliverDue().finally(() => {
        running = undefined;
      });
      return running;
    },
    start(intervalMs = 5_000) {
      timer = setInterval(() => {
        this.flush().catch((error) => log.error({ err: error }, 'mail worker failed'));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
