import { useQuery } from '@tanstack/react-query';
import type { GatewayProvider, PaymentMethodsResponse } from '@ustaz/contract';
import { readKwdFils } from '@ustaz/contract/kwd';
import { apiRequest } from '../http/client.ts';

export type PaymentMethodInfo = PaymentMethodsResponse['methods'][number];

export const PAYMENT_METHODS_QUERY_KEY = ['payment-methods'] as const;

/** GET /api/v1/payments/methods (public): which gateways take money here, and their minimum amounts. */
export function getPaymentMethods(signal?: AbortSignal): Promise<PaymentMethodsResponse> {
  return apiRequest('/api/v1/payments/methods', (contract) => contract.paymentMethodsResponseSchema, { signal });
}

export function usePaymentMethods() {
  return useQuery({
    queryKey: PAYMENT_METHODS_QUERY_KEY,
    queryFn: ({ signal }) => getPaymentMethods(signal),
    staleTime: 5 * 60_000,
  });
}

/** Why a gateway cannot take an amount: switched off (or unknown here), or below its minimum. */
export type GatewayBlock = { reason: 'unavailable' } | { reason: 'belowMinimum'; minAmount: string };

/**
 * Whether `provider` can take `amountFils` by the server's list; null when it can. An amount not
 * known yet (an empty top-up field) is not held against the minimum.
 */
export function gatewayBlock(
  methods: PaymentMethodsResponse | undefined,
  provider: GatewayProvider,
  amountFils: number | null,
): GatewayBlock | null {
  const info = methods?.methods.find((method) => method.id === provider);
  if (!info?.enabled) return { reason: 'unavailable' };
  const minFils = readKwdFils(info.minAmount) ?? 0;
  if (amountFils !== null && amountFils < minFils) return { reason: 'belowMinimum', minAmount: info.minAmount };
  return null;
}
