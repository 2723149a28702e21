import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';

export type OutgoingMail = { to: string; subject: string; text: string; html: string };

export async function insertMail(db: Executor, mail: OutgoingMail) {
  const [row] = await db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
  return row;
}

export async function findDueMails(db: Executor, limit: number) {
  return db
    .select()
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.id))
    .limit(limit);
}

/** Claims a mail for one delivery attempt: pushes its next attempt out so no other worker takes it. */
export async function claimMail(db: Executor, id: number, leaseSeconds: number): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({
      nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .returning({ id: mailOutbox.id });
  return rows.length === 1;
}

/** Sent: with `eraseBody`, its text and HTML (the links in them) are emptied; recipient, subject, times stay. */
export async function markMailSent(db: Executor, id: number, { eraseBody }: { eraseBody: boolean }) {
  await db
    .update(mailOutbox)
    .set({ sentAt: sql`now()`, lastError: null, ...(eraseBody ? { text: '', html: '' } : {}) })
    .where(eq(mailOutbox.id, id));
}

export async function markMailFailed(db: Executor, id: number, error: string, retryInSeconds: number) {
  await db
    .update(mailOutbox)
    .set({ lastError: error.slice(0, 500), nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})` })
    .where(eq(mailOutbox.id, id));
}
