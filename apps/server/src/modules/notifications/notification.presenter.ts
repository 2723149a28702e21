import type { AppNotification } from '@ustaz/contract';
import type { NotificationRow } from '../../db/schema.ts';

export function toNotification(row: NotificationRow): AppNotification {
  return {
    id: row.id,
    type: row.type,
    data: row.data,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
