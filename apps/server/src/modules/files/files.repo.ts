import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type FileRow, files } from '../../db/schema.ts';

export async function insertFile(db: Executor, values: typeof files.$inferInsert): Promise<FileRow> {
  const [row] = await db.insert(files).values(values).returning();
  if (!row) throw new Error('insert into files returned no row');
  return row;
}

export async function findFile(db: Executor, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return row;
}
