import { useEffect, useEffectEvent } from 'react';
import { type RealtimeEventMap, realtimeEvents } from './realtime-events.ts';

/** Calls the latest `handler` for every `event` on the realtime bus while the component is mounted. */
export function useRealtimeEvent<K extends keyof RealtimeEventMap>(
  event: K,
  handler: (payload: RealtimeEventMap[K]) => void,
): void {
  const onEvent = useEffectEvent(handler);
  useEffect(() => realtimeEvents.on(event, (payload) => onEvent(payload)), [event]);
}
