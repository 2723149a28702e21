import type { PushKeyResponse, PushSettings, PushSettingsResponse } from '@ustaz/contract';
import { apiRequest } from '../../../shared/http/client.ts';

/** GET /api/v1/push/key: the server's VAPID public key (base64url). */
export function getPushKey(): Promise<PushKeyResponse> {
  return apiRequest('/api/v1/push/key', (contract) => contract.pushKeyResponseSchema);
}

/** GET /api/v1/push/settings: a switch per kind and how many devices are subscribed. */
export function getPushSettings(): Promise<PushSettingsResponse> {
  return apiRequest('/api/v1/push/settings', (contract) => contract.pushSettingsResponseSchema);
}

/** PUT /api/v1/push/settings. */
export function putPushSettings(body: PushSettings): Promise<PushSettingsResponse> {
  return apiRequest('/api/v1/push/settings', (contract) => contract.pushSettingsResponseSchema, {
    method: 'PUT',
    body,
  });
}

/** POST /api/v1/push/subscriptions with the browser's PushSubscription JSON (422 for an unknown push service). */
export async function postPushSubscription(subscription: PushSubscriptionJSON): Promise<void> {
  await apiRequest('/api/v1/push/subscriptions', (contract) => contract.okResponseSchema, {
    method: 'POST',
    body: subscription,
  });
}

/** DELETE /api/v1/push/subscriptions: this device's subscription, by endpoint. */
export async function deletePushSubscription(endpoint: string): Promise<void> {
  await apiRequest('/api/v1/push/subscriptions', (contract) => contract.okResponseSchema, {
    method: 'DELETE',
    body: { endpoint },
  });
}
