import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BankAccountBody } from '@ustaz/contract';
import { apiRequest } from '../../../shared/http/client.ts';
import { EARNINGS_QUERY_KEY } from './earnings-queries.ts';

const BANK_ACCOUNT_KEY = [...EARNINGS_QUERY_KEY, 'bank-account'] as const;

/** GET /api/v1/payouts/bank-account: the saved account, masked, or null. */
export function useBankAccount() {
  return useQuery({
    queryKey: BANK_ACCOUNT_KEY,
    queryFn: ({ signal }) =>
      apiRequest('/api/v1/payouts/bank-account', (contract) => contract.bankAccountResponseSchema, { signal }),
  });
}

/** PUT /api/v1/payouts/bank-account: saves the IBAN (checked by the server) and the holder's name. */
export function useSaveBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BankAccountBody) =>
      apiRequest('/api/v1/payouts/bank-account', (contract) => contract.bankAccountResponseSchema, {
        method: 'PUT',
        body,
      }),
    onSuccess: (answer) => queryClient.setQueryData(BANK_ACCOUNT_KEY, answer),
  });
}
