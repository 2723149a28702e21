import type { MySubscriptionUsageResponse } from '@ustaz/contract';
import { SUBSCRIPTION_PAGE_SIZE } from '@ustaz/contract/constants';
import { apiRequest } from '../../../shared/http/client.ts';
import { useMySubscriptionsQuery } from './get-active-subscription.ts';

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
  return useMySubscriptionsQuery(['usage', page], (signal) => getMyUsage(page, signal), { enabled, paged: true });
}
