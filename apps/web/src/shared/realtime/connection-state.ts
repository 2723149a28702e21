import { useSyncExternalStore } from 'react';
import type { ConnectionState } from './connection-machine.ts';
import { realtimeEvents } from './realtime-events.ts';

// The state lives here, apart from the socket module, so a screen can read it without loading
// socket.io-client; the socket module writes it.
let current: ConnectionState = 'disconnected';

export function getConnectionState(): ConnectionState {
  return current;
}

/** Called by the chat socket on every change; tells the realtime bus too. */
export function setConnectionState(next: ConnectionState): void {
  if (next === current) return;
  current = next;
  realtimeEvents.emit('connection', next);
}

function subscribe(listener: () => void) {
  return realtimeEvents.on('connection', listener);
}

/** The chat connection state (spec 4), re-rendering on every change. */
export function useChatConnection(): ConnectionState {
  return useSyncExternalStore(subscribe, getConnectionState, getConnectionState);
}
