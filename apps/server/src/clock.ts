/**
 * The server's clock: the wall clock shifted by TEST_CLOCK_OFFSET_SECONDS (0 in production, where
 * config.ts refuses anything else). Whatever decides a lesson's state (its room's window, the
 * money sweeper's completion) asks this clock, so tests and demos can make a lesson start or end
 * without waiting.
 */
export type Clock = () => Date;

export function createClock(offsetSeconds = 0): Clock {
  const offsetMs = offsetSeconds * 1000;
  return () => new Date(Date.now() + offsetMs);
}
