import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Test helper: every test of the calling file (or describe block) runs on fake timers, with the
 * clock set to `now` when given; real timers come back after each test.
 */
export function runOnFakeClock(now?: string) {
  beforeEach(() => {
    vi.useFakeTimers();
    if (now) vi.setSystemTime(new Date(now));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
