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

/** The rows of a table: a refused action leaves the count as it was. */
export async function countRows(
  db: Db,
  table: 'ledger_transfers' | 'admin_audit_log' | 'notifications',
): Promise<number> {
  const result = await rawQueryOf(db)<{ n: string | number }>(`select count(*) as n from ${table}`, []);
  return Number(result.rows[0]?.n ?? 0);
}
