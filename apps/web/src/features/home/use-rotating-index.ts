import { useEffect, useState } from 'react';

/** An index that moves to the next of `count` every `intervalMs`, back to 0 after the last. */
export function useRotatingIndex(count: number, intervalMs: number): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => clearInterval(timer);
  }, [count, intervalMs]);
  return count > 0 ? index % count : 0;
}
