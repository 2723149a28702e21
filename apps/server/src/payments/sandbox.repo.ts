import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { firstRow } from '../db/rows.ts';
import { sandboxCharges } from '../db/schema.ts';

export type SandboxCharge = typeof sandboxCharges.$inferSelect;
export type NewSandboxCharge = typeof sandboxCharges.$inferInsert;

export async function insertSandboxCharge(db: Db, charge: NewSandboxCharge): Promise<void> {
  await db.insert(sandboxCharges).values(charge);
}

/** The sandbox's checkout pages read their charge here. */
export async function findSandboxCharge(db: Db, id: string): Promise<SandboxCharge | undefined> {
  return firstRow(db.select().from(sandboxCharges).where(eq(sandboxCharges.id, id)));
}

/**
 * Pay or fail a pending charge by compare-and-swap: of two presses at once (Pay and Fail), one
 * decides; both get the outcome that stuck.
 */
export async function decideSandboxCharge(
  db: Db,
  id: string,
  action: 'pay' | 'fail',
): Promise<SandboxCharge['status']> {
  const [decided] = await db
    .update(sandboxCharges)
    .set({ status: action === 'pay' ? 'paid' : 'failed' })
    .where(and(eq(sandboxCharges.id, id), eq(sandboxCharges.status, 'pending')))
    .returning({ status: sandboxCharges.status });
  if (decided) return decided.status;
  return (await findSandboxCharge(db, id))?.status ?? 'failed';
}
