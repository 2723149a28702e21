import type { SubscriptionPurchaseBody, SubscriptionPurchaseResponse } from '@ustaz/contract';
import { apiRequest } from '../../../shared/http/client.ts';

/**
 * POST /api/v1/subscriptions/purchase. PAID (wallet), PENDING with a paymentLink (gateway) or
 * FAILED. 422 `errors.balance` insufficientBalance, `errors.packageId` packageUnavailable,
 * `errors.paymentMethod` belowMinimum; 502 gatewayError.
 */
export function purchaseSubscription(body: SubscriptionPurchaseBody): Promise<SubscriptionPurchaseResponse> {
  return apiRequest('/api/v1/subscriptions/purchase', (contract) => contract.subscriptionPurchaseResponseSchema, {
    method: 'POST',
    body,
  });
}
