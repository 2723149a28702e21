import { useQuery } from '@tanstack/react-query';
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

export function useActiveSubscription(lang: Language, enabled: boolean) {
  return useQuery({
    queryKey: [...MY_SUBSCRIPTIONS_KEY, 'active', lang] as const,
    queryFn: ({ signal }) => getActiveSubscription(lang, signal),
    enabled,
  });
}
