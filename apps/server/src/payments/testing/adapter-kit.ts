import { expect } from 'vitest';
import { GatewayError, type InitiateRequest, type PaymentProvider } from '../provider.ts';

/**
 * What the gateway adapter tests (deema.test.ts, payzah.test.ts) share: a fresh InitiateRequest (12.500 KWD
 * to ustaz.test's return URLs unless `defaults` or the overrides say otherwise), a started payment with what
 * lookup needs, and the check that a call fails with this gateway's GatewayError that shows none of `secrets`.
 */
export function adapterKit(options: {
  name: string;
  provider: () => PaymentProvider;
  secrets: string[];
  defaults: (n: number) => Partial<InitiateRequest> & Pick<InitiateRequest, 'paymentId'>;
}) {
  let counter = 0;

  function request(overrides: Partial<InitiateRequest> = {}): InitiateRequest {
    return {
      amountFils: 12_500,
      currency: 'KWD',
      language: 'ar',
      successUrl: 'https://ustaz.test/api/v1/payments/return/success',
      errorUrl: 'https://ustaz.test/api/v1/payments/return/error',
      ...options.defaults(++counter),
      ...overrides,
    };
  }

  /** Starts a payment and returns what lookup needs. */
  async function started(overrides: Partial<InitiateRequest> = {}) {
    const input = request(overrides);
    const result = await options.provider().initiate(input);
    return { paymentId: input.paymentId, providerRef: result.providerRef, result };
  }

  async function gatewayError(promise: Promise<unknown>): Promise<GatewayError> {
    const error = await promise.then(
      () => {
        throw new Error('expected a GatewayError');
      },
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GatewayError);
    const gatewayError = error as GatewayError;
    expect(gatewayError.provider).toBe(options.name);
    for (const secret of options.secrets) expect(gatewayError.message).not.toContain(secret);
    return gatewayError;
  }

  return { request, started, gatewayError };
}
