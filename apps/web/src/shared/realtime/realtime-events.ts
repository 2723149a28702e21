import type {
  AppNotification,
  ChatMessage,
  ConversationSummary,
  MessageReadEvent,
  UserStatusEvent,
  UserTypingEvent,
} from '@ustaz/contract';

/**
 * The app-wide bus of server events. The chat socket (loaded lazily after sign-in) emits into it;
 * screens and the navbar bell subscribe, so nothing but the socket module imports socket.io-client.
 */
export type RealtimeEventMap = {
  'message:new': ChatMessage;
  'user:typing': UserTypingEvent;
  'message:read': MessageReadEvent;
  'user:status': UserStatusEvent;
  lastMessages: ConversationSummary[];
  notification: AppNotification;
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
