import { type EarningsSummary, type Language, type StatementResponse, toPage } from '@ustaz/contract';
import * as ledger from '../ledger/ledger.service.ts';
import { statementCsv as toStatementCsv } from './payout-csv.ts';
import { toEarningsSummary, toStatementLine } from './payouts.presenter.ts';
import { earningsFigures, statementLines } from './payouts.repo.ts';
import type { Paging, PayoutsContext } from './payouts-context.ts';

/** A teacher's earnings: the summary card and the statement (a page, or all of it as CSV). */

/** The statement CSV holds at most this many lines (years of lessons for one teacher). */
const CSV_MAX_LINES = 10_000;

export async function summary({ db, platformFeePercent }: PayoutsContext, userId: number): Promise<EarningsSummary> {
  const [available, figures] = await Promise.all([
    ledger.userBalance(db, 'earnings', userId),
    earningsFigures(db, userId, platformFeePercent),
  ]);
  return toEarningsSummary(available, figures);
}

export async function statement(
  { db, platformFeePercent }: PayoutsContext,
  userId: number,
  at: Paging,
  language: Language,
): Promise<StatementResponse> {
  const { rows, total } = await statementLines(db, userId, at, language);
  return toPage(
    rows.map((row) => toStatementLine(row, platformFeePercent)),
    total,
    at,
  );
}

/** The whole statement as CSV for a spreadsheet, in the caller's language. */
export async function statementCsv(
  { db, platformFeePercent }: PayoutsContext,
  userId: number,
  language: Language,
): Promise<string> {
  const { rows } = await statementLines(db, userId, { page: 1, limit: CSV_MAX_LINES }, language);
  return toStatementCsv(
    rows.map((row) => toStatementLine(row, platformFeePercent)),
    language,
  );
}
