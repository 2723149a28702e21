/** One key that an admin action changed, with its values as JSON (undefined: the key was absent). */
export type AuditChange = { key: string; before: string | undefined; after: string | undefined };

function json(value: unknown): string | undefined {
  return value === undefined ? undefined : JSON.stringify(value);
}

/**
 * The keys whose value differs between an audit entry's `before` and `after` (either may be null),
 * in the order they first appear (before's keys, then keys only after has). Values are compared
 * and shown as JSON, so nested objects and arrays compare by content.
 */
export function auditChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: AuditChange[] = [];
  for (const key of keys) {
    const was = json(before?.[key]);
    const now = json(after?.[key]);
    if (was !== now) changes.push({ key, before: was, after: now });
  }
  return changes;
}
