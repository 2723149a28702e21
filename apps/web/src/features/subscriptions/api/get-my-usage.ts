import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MySubscriptionUsageResponse } from '@ustaz/contract';
import { SUBSCRIPTION_PAGE_SIZE } from '@ustaz/contract/constants';
import { apiRequest } from '../../../shared/http/client.ts';
import { MY_SUBSCRIPTIONS_KEY } from './get-active-subscription.ts';

/**
 * GET /api/v1/subscriptions/my-usage?page&limit: each lesson that spent subscription hours (teacher,
 * lesson start, hours, whether they came back), newest first, with the hours used and left over the
 * active subscriptions.
 */
export function getMyUsage(page: number, signal?: AbortSignal): Promise<MySubscriptionUsageResponse> {
  return apiRequest('/api/v1/subscriptions/my-usage', (contract) => contract.mySubscriptionUsageResponseSchema, {
    query: { page, limit: SUBSCRIPTION_PAGE_SIZE },
    signal,
  });
}

export function useMyUsage(page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...MY_SUBSCRIPTIONS_KEY, 'usage', page] as const,
    queryFn: ({ signal }) => getMyUsage(page, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
