import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/http/client.ts';

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

/** GET /api/v1/earnings/statement?page&limit: lessons and payouts, newest first. */
export function useStatement(page: number) {
  return useQuery({
    queryKey: [...EARNINGS_QUERY_KEY, 'statement', page],
    queryFn: ({ signal }) =>
      apiRequest('/api/v1/earnings/statement', (contract) => contract.statementResponseSchema, {
        query: { page, limit: STATEMENT_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v1/payouts?page&limit: the teacher's payout requests, newest first. */
export function usePayouts(page: number) {
  return useQuery({
    queryKey: [...EARNINGS_QUERY_KEY, 'payouts', page],
    queryFn: ({ signal }) =>
      apiRequest('/api/v1/payouts', (contract) => contract.payoutsResponseSchema, {
        query: { page, limit: PAYOUTS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
