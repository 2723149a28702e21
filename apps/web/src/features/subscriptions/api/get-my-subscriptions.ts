import type { MySubscriptionsResponse } from '@ustaz/contract';
import { type Language, SUBSCRIPTION_PAGE_SIZE } from '@ustaz/contract/constants';
import { apiRequest } from '../../../shared/http/client.ts';
import { useMySubscriptionsQuery } from './get-active-subscription.ts';

/** GET /api/v1/subscriptions/my-subscriptions?page&limit&lang: the signed-in user's subscriptions, newest first. */
export function getMySubscriptions(
  page: number,
  lang: Language,
  signal?: AbortSignal,
): Promise<MySubscriptionsResponse> {
  return apiRequest('/api/v1/subscriptions/my-subscriptions', (contract) => contract.mySubscriptionsResponseSchema, {
    query: { page, limit: SUBSCRIPTION_PAGE_SIZE, lang },
    signal,
  });
}

export function useMySubscriptions(page: number, lang: Language, enabled: boolean) {
  return useMySubscriptionsQuery(['list', lang, page], (signal) => getMySubscriptions(page, lang, signal), {
    enabled,
    paged: true,
  });
}
