import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/http/client.ts';
import { attemptFor, type IdempotentAttempt } from '../../../shared/money/idempotency-key.ts';
import { EARNINGS_QUERY_KEY } from './earnings-queries.ts';

let lastAttempt: IdempotentAttempt | undefined;

/**
 * POST /api/v1/payouts { amount } with an Idempotency-Key (a retry of the same amount reuses it,
 * so a lost answer never requests twice); then every earnings figure and list refreshes.
 */
export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: string) => {
      const body = { amount };
      lastAttempt = attemptFor(lastAttempt, body);
      return apiRequest('/api/v1/payouts', (contract) => contract.payoutCreatedResponseSchema, {
        method: 'POST',
        body,
        headers: { 'idempotency-key': lastAttempt.key },
      });
    },
    onSuccess: () => {
      lastAttempt = undefined;
      return queryClient.invalidateQueries({ queryKey: EARNINGS_QUERY_KEY });
    },
  });
}
