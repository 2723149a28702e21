import { expect, it } from 'vitest';
import { GatewayError, type InitiateRequest, type PaymentProvider } from '../provider.ts';
import type { FakeGatewayServer } from './fake-gateway.ts';

/**
 * What the gateway adapter tests (deema.test.ts, payzah.test.ts) share: a fresh InitiateRequest (12.500 KWD
 * to ustaz.test's return URLs unless `defaults` or the overrides say otherwise), a started payment with what
 * lookup needs, the check that a call fails with this gateway's GatewayError that shows none of `secrets`,
 * and the tests both adapters pass the same way against their local gateway (`fake`).
 */
export function adapterKit(options: {
  name: string;
  provider: () => PaymentProvider;
  fake: () => FakeGatewayServer;
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

  /** Lookup before the gateway gave its reference (`reference`: what it is called): pending, without a call. */
  function itReportsPendingWithoutReference(reference: string, paymentId: string) {
    it(`reports pending without asking when no ${reference} was stored (initiation never finished)`, async () => {
      const before = options.fake().requests.length;
      expect(await options.provider().lookup({ paymentId, providerRef: null })).toEqual({
        status: 'pending',
        amountFils: null,
        currency: null,
        orderId: null,
      });
      expect(options.fake().requests.length).toBe(before);
    });
  }

  /**
   * Checks the last API call the gateway got: `method` and `path`, our `authorization`, and for a
   * POST its JSON `body` (sent as application/json).
   */
  function expectLastCall(expected: { method: 'GET' | 'POST'; path: string; authorization: string; body?: unknown }) {
    const call = options.fake().requests.at(-1);
    expect(call).toMatchObject({
      method: expected.method,
      path: expected.path,
      headers: { authorization: expected.authorization },
    });
    if (expected.method === 'POST') {
      expect(call?.headers['content-type']).toBe('application/json');
      expect(call?.json).toEqual(expected.body);
    }
  }

  /** Lookup of a reference the gateway does not know (`unknown`: how to say it) is a GatewayError that `says` why. */
  function itFailsForUnknownReference(unknown: string, providerRef: string, says: string) {
    it(`fails with a GatewayError for ${unknown}`, async () => {
      const { paymentId } = await started();
      const error = await gatewayError(options.provider().lookup({ paymentId, providerRef }));
      expect(error.message).toContain(says);
    });
  }

  /** A 500 or broken JSON, on initiate and on lookup, is a GatewayError (a 500 says so). */
  function itTurnsBadAnswersIntoGatewayErrors() {
    it.each([
      { answer: 'a 500', how: 'error', says: '500' },
      { answer: 'malformed JSON', how: 'malformed', says: '' },
    ] as const)('turns $answer into a GatewayError', async ({ how, says }) => {
      options.fake().failNext(1, how);
      expect((await gatewayError(options.provider().initiate(request()))).message).toContain(says);

      const { paymentId, providerRef } = await started();
      options.fake().failNext(1, how);
      await gatewayError(options.provider().lookup({ paymentId, providerRef }));
    });
  }

  return {
    request,
    started,
    gatewayError,
    expectLastCall,
    itFailsForUnknownReference,
    itReportsPendingWithoutReference,
    itTurnsBadAnswersIntoGatewayErrors,
  };
}
