import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { type Db, rawQueryOf } from '../db/client.ts';
import { nextAddress } from './requests.ts';

/** What the admin tests read back after an action: its audit rows, and how many rows a table holds. */

/** The audit log entries matching `query` (e.g. `action=refund.manual&entityId=7`), as an admin reads them. */
export async function auditOf(app: FastifyInstance, adminHeaders: Record<string, string>, query: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/admin/audit?${query}`,
    headers: adminHeaders,
    remoteAddress: nextAddress(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    action: string;
    entityId: string;
    reason: string | null;
    before: unknown;
    after: unknown;
    actor: { id: number } | null;
  }[];
}

/** An admin suspends a user, giving `reason`; the suspension is accepted (200). */
export async function suspendAsAdmin(
  app: FastifyInstance,
  adminHeaders: Record<string, string>,
  userId: number,
  reason: string,
): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/admin/users/${userId}/suspend`,
    headers: adminHeaders,
    payload: { reason },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The rows of a table: a refused action leaves the count as it was. */
export async function countRows(
  db: Db,
  table: 'ledger_transfers' | 'admin_audit_log' | 'notifications',
): Promise<number> {
  const result = await rawQueryOf(db)<{ n: string | number }>(`select count(*) as n from ${table}`, []);
  return Number(result.rows[0]?.n ?? 0);
}
