import type { ServerToClientEvents } from '@ustaz/contract';

type ServerEvent = Exclude<keyof ServerToClientEvents, 'userStatus'>;

/**
 * The app-wide bus of server events. The chat socket (loaded lazily after sign-in) emits into it;
 * screens and the navbar bell subscribe, so nothing but the socket module imports socket.io-client.
 * Its payloads are the contract's `ServerToClientEvents` (`userStatus`, the legacy twin of
 * `user:status`, arrives as `user:status`).
 */
export type RealtimeEventMap = { [K in ServerEvent]: Parameters<ServerToClientEvents[K]>[0] } & {
  /** The socket's state machine (spec 4 "Chat connection"). */
  connection: 'disconnected' | 'connecting' | 'connected' | 'error';
};

type Handler<K extends keyof RealtimeEventMap> = (payload: RealtimeEventMap[K]) => void;

const handlers = new Map<keyof RealtimeEventMap, Set<Handler<never>>>();

export const realtimeEvents = {
  on<K extends keyof RealtimeEventMap>(event: K, handler: Handler<K>): () => void {
    let set = handlers.get(event);
    if (!set) {
      set = new Set();
      handlers.set(event, set);
    }
    set.add(handler as Handler<never>);
    return () => {
      set.delete(handler as Handler<never>);
    };
  },
  emit<K extends keyof RealtimeEventMap>(event: K, payload: RealtimeEventMap[K]): void {
    for (const handler of handlers.get(event) ?? []) (handler as Handler<K>)(payload);
  },
};
