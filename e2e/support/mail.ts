import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

export type OutboxMail = { to: string; subject: string; text: string; links: string[]; createdAt: string };

/**
 * Waits for the newest mail to an address in the server's dev outbox and returns it (`dir`: the
 * outbox of another server than the suite's, such as a spec's own).
 */
export async function waitForMail(
  to: string,
  after = 0,
  timeoutMs = 10_000,
  dir: string = inject('mailDir'),
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(dir)) {
      const mails = readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as OutboxMail)
        .filter((m) => m.to === to && Date.parse(m.createdAt) >= after)
        .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
      if (mails[0]) return mails[0];
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

/** The path and query of the first link of a mail, to open on the test server. */
export function linkPath(mail: OutboxMail): string {
  const first = mail.links[0];
  if (!first) throw new Error('mail has no link');
  const url = new URL(first);
  return `${url.pathname}${url.search}`;
}
