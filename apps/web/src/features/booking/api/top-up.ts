import type { GatewayProvider, PaymentLinkResponse, TopUpBody } from '@ustaz/contract';
import { type Language, PAYZAH_PAYMENT_TYPE } from '@ustaz/contract/constants';
import { apiRequest } from '../../../shared/http/client.ts';

/** The body of a top-up: Payzah pays by K-Net (payment_type "1"), Deema takes no options (spec 3). */
export function topUpBody(provider: GatewayProvider, amount: string, language: Language): TopUpBody {
  return {
    amount,
    language,
    options: provider === 'payzah' ? { payment_type: `${PAYZAH_PAYMENT_TYPE}` as const } : {},
  };
}

/** POST /api/v1/balance/top-up/payzah or /deema: the gateway's payment page to open. */
export function topUp(provider: GatewayProvider, amount: string, language: Language): Promise<PaymentLinkResponse> {
  return apiRequest(`/api/v1/balance/top-up/${provider}`, (contract) => contract.paymentLinkResponseSchema, {
    method: 'POST',
    body: topUpBody(provider, amount, language),
  });
}
