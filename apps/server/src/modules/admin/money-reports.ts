import type {
  AdminLedgerResponse,
  AdminLessonPayoutsResponse,
  AdminPaymentsResponse,
  adminLedgerQuerySchema,
  adminPaymentsQuerySchema,
} from '@ustaz/contract';
import { toPage } from '@ustaz/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { dateBounds } from './admin-date-range.ts';
import { toAdminPayment, toAdminTransfer, toLessonPayout } from './admin-money.presenter.ts';
import {
  entriesOfTransfers,
  lessonsPaidOutOfLine,
  listPayments,
  listTransfers,
  type TransferListRow,
} from './admin-money.repo.ts';
import type { AdminMoneyContext } from './admin-money-context.ts';

/** The admin's money reports (read only): the ledger journal, payments, lessons paid out of line. */

export type LedgerQuery = z.output<typeof adminLedgerQuerySchema>;
export type PaymentsQuery = z.output<typeof adminPaymentsQuerySchema>;

/** Transfers with their legs, as the admin sees them. */
export async function withEntries(executor: Executor, rows: TransferListRow[]) {
  const entries = await entriesOfTransfers(
    executor,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    toAdminTransfer(
      row,
      entries.filter((entry) => entry.transferId === row.id),
    ),
  );
}

export async function ledger({ db }: AdminMoneyContext, query: LedgerQuery): Promise<AdminLedgerResponse> {
  const { rows, total } = await listTransfers(
    db,
    { ...dateBounds(query), userId: query.userId, kind: query.kind },
    query,
  );
  return toPage(await withEntries(db, rows), total, query);
}
export async function listAdminPayments(
  { db }: AdminMoneyContext,
  query: PaymentsQuery,
): Promise<AdminPaymentsResponse> {
  const { rows, total } = await listPayments(db, query, query);
  return toPage(rows.map(toAdminPayment), total, query);
}

/** The I9 repair report: completed lessons paid out differently from what was paid for them. */
export async function lessonPayouts({ db }: AdminMoneyContext): Promise<AdminLessonPayoutsResponse> {
  const rows = await lessonsPaidOutOfLine(db);
  return { data: rows.map(toLessonPayout) };
}
