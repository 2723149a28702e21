import {
  type AdminDisputeResponse,
  type AdminDisputesResponse,
  type adminDisputesQuerySchema,
  toPage,
} from '@ustaz/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { toAdminDispute } from './disputes.presenter.ts';
import { findAdminDispute, listAdminDisputes } from './disputes.repo.ts';
import type { DisputesContext } from './disputes-context.ts';

/** The admin's dispute queue and one dispute. */

export async function adminView(executor: Executor, id: number): Promise<AdminDisputeResponse> {
  const row = await findAdminDispute(executor, id);
  if (!row) throw new HttpError(404, 'notFound', 'Dispute not found');
  return { dispute: toAdminDispute(row) };
}

export async function adminList(
  { db }: DisputesContext,
  query: z.output<typeof adminDisputesQuerySchema>,
): Promise<AdminDisputesResponse> {
  const { rows, total } = await listAdminDisputes(db, query.status, query);
  return toPage(rows.map(toAdminDispute), total, query);
}
