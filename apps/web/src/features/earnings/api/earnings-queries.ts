import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, type ContractSchema } from '../../../shared/http/client.ts';

/** Every earnings query hangs below this key: a saved account or a payout request refreshes them all. */
export const EARNINGS_QUERY_KEY = ['earnings'] as const;

export const STATEMENT_PAGE_SIZE = 10;
export const PAYOUTS_PAGE_SIZE = 5;

/** GET /api/v1/earnings: available, pending (booked lessons), requested and paid out, in KWD. */
export function useEarnings() {
  return useQuery({
    queryKey: [...EARNINGS_QUERY_KEY, 'summary'],
    queryFn: ({ signal }) => apiRequest('/api/v1/earnings', (contract) => contract.earningsSummarySchema, { signal }),
  });
}

/** The teacher's paged lists: where each is read and how many rows a page holds. */
const LISTS = {
  statement: { path: '/api/v1/earnings/statement', limit: STATEMENT_PAGE_SIZE },
  payouts: { path: '/api/v1/payouts', limit: PAYOUTS_PAGE_SIZE },
} as const;

/** A page of one of the teacher's lists (`path?page&limit`), newest first: the page shown stays while the next one loads. */
function useEarningsPage<T>(list: keyof typeof LISTS, page: number, schema: ContractSchema<T>) {
  const { path, limit } = LISTS[list];
  return useQuery({
    queryKey: [...EARNINGS_QUERY_KEY, list, page],
    queryFn: ({ signal }) => apiRequest(path, schema, { query: { page, limit }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v1/earnings/statement?page&limit: lessons and payouts. */
export function useStatement(page: number) {
  return useEarningsPage('statement', page, (contract) => contract.statementResponseSchema);
}

/** GET /api/v1/payouts?page&limit: the teacher's payout requests. */
export function usePayouts(page: number) {
  return useEarningsPage('payouts', page, (contract) => contract.payoutsResponseSchema);
}
