import type { auditQuerySchema } from '@ustaz/contract';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { pageWithTotal } from '../../db/paging.ts';
import { adminAuditLog, users } from '../../db/schema.ts';

export type AuditRecord = {
  actorUserId: number;
  action: string;
  entityType: string;
  entityId: string | number;
  reason?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/** Writes one audit row; call it inside the transaction of the change it records. */
export async function insertAudit(executor: Executor, record: AuditRecord): Promise<void> {
  await executor.insert(adminAuditLog).values({
    actorUserId: record.actorUserId,
    action: record.action,
    entityType: record.entityType,
    entityId: String(record.entityId),
    reason: record.reason ?? null,
    before: record.before ?? null,
    after: record.after ?? null,
  });
}

type AuditFilter = z.output<typeof auditQuerySchema>;

/** The audit log, newest first, with the actor's name and e-mail. */
export async function listAudit(executor: Executor, query: AuditFilter) {
  const where: SQL[] = [];
  if (query.actorId) where.push(eq(adminAuditLog.actorUserId, query.actorId));
  if (query.action) where.push(eq(adminAuditLog.action, query.action));
  if (query.entityType) where.push(eq(adminAuditLog.entityType, query.entityType));
  if (query.entityId) where.push(eq(adminAuditLog.entityId, query.entityId));
  const condition = and(...where);
  return pageWithTotal(
    executor
      .select({
        id: adminAuditLog.id,
        action: adminAuditLog.action,
        entityType: adminAuditLog.entityType,
        entityId: adminAuditLog.entityId,
        reason: adminAuditLog.reason,
        before: adminAuditLog.before,
        after: adminAuditLog.after,
        createdAt: adminAuditLog.createdAt,
        actorId: users.id,
        actorFirstName: users.firstName,
        actorLastName: users.lastName,
        actorEmail: users.email,
      })
      .from(adminAuditLog)
      .leftJoin(users, eq(users.id, adminAuditLog.actorUserId))
      .where(condition)
      .orderBy(desc(adminAuditLog.id))
      .$dynamic(),
    executor.select({ n: count() }).from(adminAuditLog).where(condition),
    query,
  );
}
