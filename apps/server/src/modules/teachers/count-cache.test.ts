import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCountCache } from './count-cache.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('the search count cache', () => {
  it('reuses a total until it expires, then counts again', async () => {
    vi.useFakeTimers();
    const cache = createCountCache(1_000);
    const count = vi.fn(async () => 7);
    expect(await cache.get('a', count)).toBe(7);
    expect(await cache.get('a', count)).toBe(7);
    expect(count).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_001);
    expect(await cache.get('a', count)).toBe(7);
    expect(count).toHaveBeenCalledTimes(2);
  });

  it('shares one count between concurrent misses of the same key', async () => {
    const cache = createCountCache(1_000);
    let resolve: (n: number) => void = () => {};
    const count = vi.fn(() => new Promise<number>((r) => (resolve = r)));
    const both = Promise.all([cache.get('k', count), cache.get('k', count)]);
    resolve(3);
    expect(await both).toEqual([3, 3]);
    expect(count).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed count, drops everything on clear, and keeps at most maxEntries', async () => {
    const cache = createCountCache(60_000, 2);
    await expect(cache.get('x', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('x', async () => 1)).toBe(1);
    cache.clear();
    expect(await cache.get('x', async () => 2)).toBe(2);
    await cache.get('y', async () => 3);
    await cache.get('z', async () => 4); // evicts x, the oldest
    expect(await cache.get('x', async () => 5)).toBe(5);
    expect(await cache.get('z', async () => 6)).toBe(4);
  });

  it('counts every time when turned off', async () => {
    const cache = createCountCache(0);
    const count = vi.fn(async () => 1);
    await cache.get('a', count);
    await cache.get('a', count);
    expect(count).toHaveBeenCalledTimes(2);
  });
});
