import type { ClientToServerEvents, MessagesResponse, ServerToClientEvents } from '@ustaz/contract';
import type { RealtimeEventMap } from './realtime-events.ts';

/** The options of spec 7 "Realtime"; `auth` is a function so every (re)connection sends the current token. */
export type ChatSocketOptions = {
  path: string;
  transports: string[];
  autoConnect: false;
  auth: (callback: (data: { token: string }) => void) => void;
  reconnectionAttempts: number;
  reconnectionDelay: number;
  reconnectionDelayMax: number;
};

/**
 * What the manager needs of a socket.io client socket (and its Manager). Event names are the
 * contract's (`ServerToClientEvents`, `ClientToServerEvents`, the server's socket is typed by them
 * too); payloads arrive as `unknown` and are checked here before they reach the bus.
 */
export type ChatSocketLike = {
  readonly connected: boolean;
  /** Whether the library will reconnect on its own. */
  readonly active: boolean;
  on(
    event: keyof ServerToClientEvents | 'connect' | 'disconnect' | 'connect_error',
    listener: (...args: unknown[]) => void,
  ): void;
  onManager(event: 'reconnect_attempt' | 'reconnect_failed', listener: () => void): void;
  connect(): void;
  emit(event: keyof ClientToServerEvents, payload?: unknown): void;
  /** Emits with an acknowledgement; rejects when none comes within `timeoutMs`. */
  request(event: keyof ClientToServerEvents, payload: unknown, timeoutMs: number): Promise<unknown>;
  /** Removes every listener and disconnects (the intentional disconnect). */
  close(): void;
};

export type Log = Pick<Console, 'warn' | 'error'>;

/** The realtime bus's emit. */
export type EmitToBus = <K extends keyof RealtimeEventMap>(event: K, payload: RealtimeEventMap[K]) => void;

export type ChatSocketDeps = {
  createSocket: (options: ChatSocketOptions) => ChatSocketLike;
  getToken: () => string | null;
  /** Renews the session (the HTTP client's refresh) and resolves to the new access token. */
  refreshToken: () => Promise<string>;
  /**
   * Tells the listener each new access token the HTTP client's refresh obtained; returns the
   * unsubscribe. The open socket takes it (`auth:renew`), so it is not closed when the old expires.
   */
  onTokenRefreshed?: (listener: (token: string) => void) => () => void;
  getMessagesAfter: (conversationId: number, afterSeq: number, limit: number) => Promise<MessagesResponse>;
  postRead: (conversationId: number, messageId: number) => Promise<void>;
  /** The realtime bus. */
  emit: EmitToBus;
  now?: () => number;
  random?: () => number;
  ackTimeoutMs?: number;
  log?: Log;
};
