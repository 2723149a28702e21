import type { PaymentMethodsResponse } from '@ustaz/contract';
import { describe, expect, it } from 'vitest';
import { gatewayBlock } from './use-payment-methods.ts';

const methods: PaymentMethodsResponse = {
  currency: 'KWD',
  methods: [
    { id: 'payzah', enabled: true, minAmount: '0.100', sandbox: true },
    { id: 'deema', enabled: true, minAmount: '10.000', sandbox: true },
  ],
};

describe('gatewayBlock', () => {
  it('lets an amount at or above the minimum through', () => {
    expect(gatewayBlock(methods, 'deema', 10_000)).toBeNull();
    expect(gatewayBlock(methods, 'payzah', 500)).toBeNull();
  });

  it('blocks an amount below the minimum, naming the minimum', () => {
    expect(gatewayBlock(methods, 'deema', 9_999)).toEqual({ reason: 'belowMinimum', minAmount: '10.000' });
  });

  it('does not hold an unknown amount against the minimum', () => {
    expect(gatewayBlock(methods, 'deema', null)).toBeNull();
  });

  it('blocks a switched-off or missing provider, and everything before the list arrives', () => {
    const off: PaymentMethodsResponse = {
      currency: 'KWD',
      methods: [{ id: 'deema', enabled: false, minAmount: '10.000', sandbox: false }],
    };
    expect(gatewayBlock(off, 'deema', 50_000)).toEqual({ reason: 'unavailable' });
    expect(gatewayBlock(off, 'payzah', 50_000)).toEqual({ reason: 'unavailable' });
    expect(gatewayBlock(undefined, 'deema', 50_000)).toEqual({ reason: 'unavailable' });
  });
});
