import { CHAT } from '@ustaz/contract/constants';

/**
 * The wait before our own reconnection attempt `attempt` (1, 2, 3) of spec 4 "Chat connection":
 * 2 s doubling with each attempt, capped at 45 s, plus up to 2 s of random jitter so that many
 * tabs do not come back at the same moment.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const exponent = Math.max(0, Math.floor(attempt) - 1);
  const base = Math.min(CHAT.reconnectCapMs, CHAT.reconnectBaseMs * 2 ** exponent);
  return base + Math.floor(random() * CHAT.reconnectJitterMs);
}
