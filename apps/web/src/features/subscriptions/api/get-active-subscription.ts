import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActiveSubscriptionResponse } from '@ustaz/contract';
import type { Language } from '@ustaz/contract/constants';
import { apiRequest } from '../../../shared/http/client.ts';

/** Every query of the signed-in user's subscriptions hangs below this key (invalidated after a purchase). */
export const MY_SUBSCRIPTIONS_KEY = ['subscriptions', 'mine'] as const;

/** GET /api/v1/subscriptions/my-active-subscription?lang: hours left and the subscription spent first. */
export function getActiveSubscription(lang: Language, signal?: AbortSignal): Promise<ActiveSubscriptionResponse> {
  return apiRequest(
    '/api/v1/subscriptions/my-active-subscription',
    (contract) => contract.activeSubscriptionResponseSchema,
    {
      query: { lang },
      signal,
    },
  );
}

/**
 * A query of the signed-in user's subscriptions, below MY_SUBSCRIPTIONS_KEY; a `paged` one keeps
 * the page shown while the next one loads.
 */
export function useMySubscriptionsQuery<T>(
  key: readonly unknown[],
  read: (signal: AbortSignal) => Promise<T>,
  { enabled, paged = false }: { enabled: boolean; paged?: boolean },
) {
  return useQuery({
    queryKey: [...MY_SUBSCRIPTIONS_KEY, ...key],
    queryFn: ({ signal }) => read(signal),
    enabled,
    placeholderData: paged ? keepPreviousData : undefined,
  });
}

export function useActiveSubscription(lang: Language, enabled: boolean) {
  return useMySubscriptionsQuery(['active', lang], (signal) => getActiveSubscription(lang, signal), { enabled });
}
