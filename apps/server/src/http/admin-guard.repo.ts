import { ROLE } from '@ustaz/contract';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema.ts';

/** Whether a user is, right now, an active admin (the guard of every admin route). */
export async function isActiveAdmin(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.roleId, ROLE.admin), eq(users.status, 'active')))
    .limit(1);
  return row !== undefined;
}
