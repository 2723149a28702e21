import { describe, expect, it, vi } from 'vitest';
import { runOnFakeClock } from '../test/fake-clock.ts';
import { createDedupeCache, messageKey } from './dedupe-cache.ts';

runOnFakeClock('2026-03-10T09:00:00.000Z');

describe('createDedupeCache', () => {
  it('reports a key seen again within 30 s as a duplicate', () => {
    const cache = createDedupeCache();
    expect(cache.seen('1|2026-03-10T09:00:00.000Z')).toBe(false);
    vi.advanceTimersByTime(29_999);
    expect(cache.seen('1|2026-03-10T09:00:00.000Z')).toBe(true);
    expect(cache.seen('2|2026-03-10T09:00:00.000Z')).toBe(false);
  });

  it('forgets a key after 30 s', () => {
    const cache = createDedupeCache();
    cache.seen('a');
    vi.advanceTimersByTime(30_000);
    expect(cache.seen('a')).toBe(false);
    expect(cache.size).toBe(1);
  });

  it('keeps at most 100 keys: going over drops the oldest 20 %', () => {
    const cache = createDedupeCache();
    for (let i = 1; i <= 100; i += 1) {
      cache.seen(`k${i}`);
      vi.advanceTimersByTime(10);
    }
    expect(cache.size).toBe(100);
    cache.seen('k101');
    expect(cache.size).toBe(81);
    // k1..k20 are gone, k21 and k101 are still there.
    expect(cache.seen('k21')).toBe(true);
    expect(cache.seen('k101')).toBe(true);
    expect(cache.seen('k20')).toBe(false);
    expect(cache.seen('k1')).toBe(false);
  });

  it('takes the limits as options and can be cleared', () => {
    const cache = createDedupeCache({ maxEntries: 5, expiryMs: 1_000, dropFraction: 0.4 });
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f']) cache.seen(key);
    expect(cache.size).toBe(4);
    expect(cache.seen('a')).toBe(false);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('keys a message by its id and creation time', () => {
    const cache = createDedupeCache();
    const message = { id: 7, createdAt: '2026-03-10T09:00:00.000Z' };
    expect(cache.seen(messageKey(message))).toBe(false);
    expect(cache.seen(messageKey({ ...message }))).toBe(true);
    expect(cache.seen(messageKey({ ...message, createdAt: '2026-03-10T09:00:01.000Z' }))).toBe(false);
  });
});
