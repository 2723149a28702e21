import { describe, expect, it } from 'vitest';
import { attemptFor, newIdempotencyKey } from './idempotency-key.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('Idempotency-Key', () => {
  it('is a v4 UUID, also where randomUUID is missing (plain http)', () => {
    expect(newIdempotencyKey()).toMatch(UUID);
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(newIdempotencyKey()).toMatch(UUID);
    } finally {
      Reflect.deleteProperty(crypto, 'randomUUID');
    }
  });

  it('is kept for a retry of the same body and renewed when the body changes', () => {
    const first = attemptFor(undefined, { timeSlotId: 1, note: '' });
    expect(attemptFor(first, { timeSlotId: 1, note: '' })).toBe(first);
    const changed = attemptFor(first, { timeSlotId: 1, note: 'math' });
    expect(changed.key).not.toBe(first.key);
  });
});
