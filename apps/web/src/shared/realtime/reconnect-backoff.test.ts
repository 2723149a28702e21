import { CHAT } from '@ustaz/contract/constants';
import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './reconnect-backoff.ts';

describe('reconnectDelay', () => {
  it('doubles from 2 s with each attempt when there is no jitter', () => {
    const noJitter = () => 0;
    expect([1, 2, 3, 4, 5].map((attempt) => reconnectDelay(attempt, noJitter))).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000,
    ]);
  });

  it('is capped at 45 s before the jitter', () => {
    expect(reconnectDelay(6, () => 0)).toBe(CHAT.reconnectCapMs);
    expect(reconnectDelay(30, () => 0)).toBe(45_000);
  });

  it('adds up to 2 s of random jitter, never the full 2 s', () => {
    expect(reconnectDelay(1, () => 0.5)).toBe(3_000);
    expect(reconnectDelay(1, () => 0.999_999)).toBe(3_999);
    expect(reconnectDelay(6, () => 0.999_999)).toBe(46_999);
    for (let i = 0; i < 200; i += 1) {
      const delay = reconnectDelay(2);
      expect(delay).toBeGreaterThanOrEqual(4_000);
      expect(delay).toBeLessThan(6_000);
    }
  });

  it('treats attempt 0 or below as the first', () => {
    expect(reconnectDelay(0, () => 0)).toBe(2_000);
  });
});
