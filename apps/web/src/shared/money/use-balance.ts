import { useQuery } from '@tanstack/react-query';
import type { BalanceResponse } from '@ustaz/contract';
import { apiRequest } from '../http/client.ts';

/**
 * The one query key of the signed-in user's money (wallet balance, earnings, subscription hours).
 * Whatever moves money (booking, top-up, cancellation) invalidates it; queries that hang below it
 * (['balance', ...], the wallet history) are refreshed with it.
 */
export const BALANCE_QUERY_KEY = ['balance'] as const;

/** GET /api/v1/subscriptions/balance. */
export function getBalance(signal?: AbortSignal): Promise<BalanceResponse> {
  return apiRequest('/api/v1/subscriptions/balance', (contract) => contract.balanceResponseSchema, { signal });
}

/** The balance of the signed-in user; pass enabled=false for a guest. */
export function useBalance(enabled = true) {
  return useQuery({
    queryKey: BALANCE_QUERY_KEY,
    queryFn: ({ signal }) => getBalance(signal),
    enabled,
    staleTime: 15_000,
  });
}
