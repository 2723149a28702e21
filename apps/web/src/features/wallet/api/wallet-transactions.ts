import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { WalletTransactionsResponse } from '@ustaz/contract';
import { apiRequest } from '../../../shared/http/client.ts';
import { BALANCE_QUERY_KEY } from '../../../shared/money/use-balance.ts';

export const TRANSACTIONS_PAGE_SIZE = 10;

/** GET /api/v1/balance/transactions: the signed-in user's wallet and earnings lines, newest first. */
export function getWalletTransactions(
  page: number,
  limit = TRANSACTIONS_PAGE_SIZE,
  signal?: AbortSignal,
): Promise<WalletTransactionsResponse> {
  return apiRequest('/api/v1/balance/transactions', (contract) => contract.walletTransactionsResponseSchema, {
    query: { page, limit },
    signal,
  });
}

/**
 * One page of the history. The key hangs below ['balance'], so whatever invalidates the balance
 * (a booking, a top-up, a cancellation) refreshes the history with it.
 */
export function useWalletTransactions(page: number) {
  return useQuery({
    queryKey: [...BALANCE_QUERY_KEY, 'transactions', page],
    queryFn: ({ signal }) => getWalletTransactions(page, TRANSACTIONS_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
}
