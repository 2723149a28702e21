import { and, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { insertedRow } from '../../db/rows.ts';
import { conversations, type FileRow, files } from '../../db/schema.ts';

export async function insertFile(db: Executor, values: typeof files.$inferInsert): Promise<FileRow> {
  return insertedRow(db.insert(files).values(values).returning(), 'insert into files returned no row');
}

export async function findFile(db: Executor, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return row;
}

/** A lock key of its own for uploads ('UPLD'), paired with the owner's id. */
const UPLOAD_LOCK = 0x55504c44;

/** Serialises one owner's uploads until the transaction ends (the quota is counted, then used). */
export async function lockOwnerUploads(tx: Executor, ownerId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${UPLOAD_LOCK}::int, ${ownerId}::int)`);
}

/** How many files and bytes an owner uploaded since a moment, and when the oldest of them was. */
export async function uploadsSince(
  db: Executor,
  ownerId: number,
  since: Date,
): Promise<{ count: number; bytes: number; oldest: Date | null }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      bytes: sql<string>`coalesce(sum(${files.size}), 0)::bigint`,
      oldest: sql<Date | string | null>`min(${files.createdAt})`,
    })
    .from(files)
    .where(and(eq(files.ownerId, ownerId), gte(files.createdAt, since)));
  return {
    count: Number(row?.count ?? 0),
    bytes: Number(row?.bytes ?? 0),
    oldest: row?.oldest ? new Date(row.oldest) : null,
  };
}

/** The two participants of a conversation, when it exists. */
export async function conversationParticipants(
  db: Executor,
  conversationId: number,
): Promise<{ studentId: number; teacherId: number } | undefined> {
  const [row] = await db
    .select({ studentId: conversations.studentId, teacherId: conversations.teacherId })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  return row;
}
