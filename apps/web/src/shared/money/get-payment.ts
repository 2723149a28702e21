import { useQuery } from '@tanstack/react-query';
import type { Payment } from '@ustaz/contract';
import { apiRequest } from '../http/client.ts';

/** While a payment is pending, its page asks again this often, for at most PAYMENT_POLL_FOR_MS. */
export const PAYMENT_POLL_MS = 3_000;
export const PAYMENT_POLL_FOR_MS = 2 * 60_000;

export function paymentQueryKey(id: string) {
  return ['payment', id] as const;
}

/** GET /api/v1/payments/{id}: the signed-in owner's payment (404 for anyone else's). */
export function getPayment(id: string, signal?: AbortSignal): Promise<Payment> {
  return apiRequest(`/api/v1/payments/${encodeURIComponent(id)}`, (contract) => contract.paymentSchema, { signal });
}

/** The payment, asked again every 3 s while it is pending and `poll` holds. */
export function usePayment(id: string | null, { enabled, poll }: { enabled: boolean; poll: boolean }) {
  return useQuery({
    queryKey: paymentQueryKey(id ?? ''),
    queryFn: ({ signal }) => getPayment(id ?? '', signal),
    enabled: enabled && Boolean(id),
    refetchInterval: (query) => (poll && query.state.data?.status === 'pending' ? PAYMENT_POLL_MS : false),
    // The gateway's tab comes back to this page: ask at once.
    refetchOnWindowFocus: true,
    retry: false,
  });
}
