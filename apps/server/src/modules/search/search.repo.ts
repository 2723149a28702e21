import type { Executor } from '../../db/client.ts';
import { searchNotFoundLogs } from '../../db/schema.ts';

export async function insertNotFoundLog(db: Executor, values: typeof searchNotFoundLogs.$inferInsert) {
  await db.insert(searchNotFoundLogs).values(values);
}
