import type { AuditEntry } from '@ustaz/contract';
import type { listAudit } from './audit.repo.ts';

type AuditRow = Awaited<ReturnType<typeof listAudit>>['rows'][number];

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    actor:
      row.actorId === null
        ? null
        : {
            id: row.actorId,
            name: `${row.actorFirstName ?? ''} ${row.actorLastName ?? ''}`.trim(),
            email: row.actorEmail ?? '',
          },
    action: row.action as AuditEntry['action'],
    entityType: row.entityType as AuditEntry['entityType'],
    entityId: row.entityId,
    reason: row.reason,
    before: row.before ?? null,
    after: row.after ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
