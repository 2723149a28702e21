import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SubscriptionPackagesResponse } from '@ustaz/contract';
import { type Language, SUBSCRIPTION_PAGE_SIZE } from '@ustaz/contract/constants';
import { apiRequest } from '../../../shared/http/client.ts';

/**
 * GET /api/v1/subscriptions/packages?page&limit&lang (public; 10 a page, spec 9): the active
 * standard packages, `name` and `description` in `lang`.
 */
export function getPackages(page: number, lang: Language, signal?: AbortSignal): Promise<SubscriptionPackagesResponse> {
  return apiRequest('/api/v1/subscriptions/packages', (contract) => contract.subscriptionPackagesResponseSchema, {
    query: { page, limit: SUBSCRIPTION_PAGE_SIZE, lang },
    signal,
  });
}

export function usePackages(page: number, lang: Language) {
  return useQuery({
    queryKey: ['subscriptions', 'packages', lang, page] as const,
    queryFn: ({ signal }) => getPackages(page, lang, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
