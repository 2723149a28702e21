import {
  type AppNotification,
  type ChatMessage,
  type ClientToServerEvents,
  type ConversationSummary,
  LESSON_EVENTS,
  LESSON_REFUSALS,
  type LessonAck,
  type MessageAck,
  type MessageReadEvent,
  type MessagesResponse,
  type SendMessage,
  type ServerToClientEvents,
  SOCKET_EVENTS,
  type UserStatusEvent,
  type UserTypingEvent,
} from '@ustaz/contract';
import { CHAT } from '@ustaz/contract/constants';
import { isChatMessage, isRecord } from './chat-shapes.ts';
import { type ConnectionState, createConnectionMachine } from './connection-machine.ts';
import { createDedupeCache, messageKey } from './dedupe-cache.ts';
import type { RealtimeEventMap } from './realtime-events.ts';
import { reconnectDelay } from './reconnect-backoff.ts';

/** How long a sent message waits for the server's acknowledgement (including a reconnection) before it failed. */
export const SEND_ACK_TIMEOUT_MS = 10_000;
/** How long `mark:read` waits for its acknowledgement before the REST call is used instead. */
const READ_ACK_TIMEOUT_MS = 5_000;
/** The socket's token is renewed on it this long before it expires (the server closes it then). */
export const TOKEN_RENEW_BEFORE_MS = 60_000;
/** How long `auth:renew` waits for its acknowledgement. */
const RENEW_ACK_TIMEOUT_MS = 10_000;
/** At most this many pages are fetched to catch a conversation up after a reconnect. */
const CATCH_UP_MAX_PAGES = 20;
const CATCH_UP_PAGE_SIZE = 100;

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

type Log = Pick<Console, 'warn' | 'error'>;

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
  emit: <K extends keyof RealtimeEventMap>(event: K, payload: RealtimeEventMap[K]) => void;
  now?: () => number;
  random?: () => number;
  ackTimeoutMs?: number;
  log?: Log;
};

export type ChatSocketManager = ReturnType<typeof createChatSocketManager>;

function failed(code: string, message: string): MessageAck {
  return { ok: false, error: { code, message } };
}

function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

function isAck(value: unknown): value is MessageAck {
  if (!isRecord(value)) return false;
  return value.ok === true ? isChatMessage(value.message) : value.ok === false && isRecord(value.error);
}

/** A JWT's expiry (ms) read from its payload without checking it (the server checks); null when unreadable. */
export function tokenExpiry(token: string): number | null {
  try {
    const part = token.split('.')[1];
    if (!part) return null;
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Spec 3 "User status event": userId plus a status or an online flag, normalised to online or offline. */
export function toUserStatus(value: unknown): UserStatusEvent | null {
  if (!isRecord(value) || typeof value.userId !== 'number') return null;
  const online = value.status === 'online' || (value.status === undefined && value.online === true);
  return { userId: value.userId, status: online ? 'online' : 'offline', online };
}

/**
 * The global chat socket (spec 4 "Session start-up", "Chat connection"; spec 7 "Realtime"):
 * connects with the access token, runs the connection state machine on top of socket.io's own
 * reconnection, renews the token once when the server says "unauthorized", ignores duplicate
 * messages, asks for the last messages 1 s after connecting, and after a reconnect fetches what
 * each open conversation missed (seq after the last seen). Server events go to the realtime bus.
 */
export function createChatSocketManager(deps: ChatSocketDeps) {
  const now = deps.now ?? Date.now;
  const log: Log = deps.log ?? console;
  const ackTimeoutMs = deps.ackTimeoutMs ?? SEND_ACK_TIMEOUT_MS;
  const dedupe = createDedupeCache({ now });
  /** Open conversations: the last seq seen, and how many screens hold them open. */
  const tracked = new Map<number, { lastSeq: number; holders: number }>();
  const filling = new Set<number>();
  const statuses = new Map<number, UserStatusEvent['status']>();
  const stateListeners = new Set<(state: ConnectionState) => void>();
  let socket: ChatSocketLike | null = null;
  let everConnected = false;
  let renewedToken = false;
  let lastMessagesTimer: ReturnType<typeof setTimeout> | null = null;
  /** The token the last handshake sent, and when the token the open socket holds expires (ms). */
  let handshakeToken: string | null = null;
  let socketTokenExpiresAt: number | null = null;
  let renewTimer: ReturnType<typeof setTimeout> | null = null;
  let unsubscribeRefresh: (() => void) | null = null;

  const machine = createConnectionMachine({
    open,
    onState: (state) => {
      deps.emit('connection', state);
      for (const listener of stateListeners) listener(state);
    },
    delay: (attempt) => reconnectDelay(attempt, deps.random),
    now,
    log: (message) => log.warn(message),
  });

  function open(): boolean {
    if (!deps.getToken()) {
      log.warn('chat: no access token, the socket does not connect');
      return false;
    }
    socket ??= bind(
      deps.createSocket({
        path: '/socket.io',
        transports: ['websocket'],
        autoConnect: false,
        auth: (callback) => {
          handshakeToken = deps.getToken() ?? '';
          callback({ token: handshakeToken });
        },
        reconnectionAttempts: CHAT.socketReconnectionAttempts,
        reconnectionDelay: CHAT.socketReconnectionDelayMs,
        reconnectionDelayMax: CHAT.socketReconnectionDelayMaxMs,
      }),
    );
    socket.connect();
    return true;
  }

  function clearRenewTimer() {
    if (renewTimer !== null) clearTimeout(renewTimer);
    renewTimer = null;
  }

  /** The renewal is due a minute before the socket's token expires: the newest token, refreshed if need be. */
  function scheduleRenewal() {
    clearRenewTimer();
    if (socketTokenExpiresAt === null) return;
    const due = Math.max(0, socketTokenExpiresAt - TOKEN_RENEW_BEFORE_MS - now());
    renewTimer = setTimeout(() => {
      renewTimer = null;
      const stored = deps.getToken();
      const storedExpiry = stored ? tokenExpiry(stored) : null;
      // Another tab may have refreshed the shared session already: its token is used as it is.
      if (stored && storedExpiry !== null && socketTokenExpiresAt !== null && storedExpiry > socketTokenExpiresAt) {
        void renewToken(stored);
        return;
      }
      deps.refreshToken().then(
        (token) => renewToken(token),
        () => {
          // A refused refresh signs the user out, which stops the socket.
        },
      );
    }, due);
  }

  /**
   * Hands a new access token to the open socket (`auth:renew`), so the server keeps it past the
   * old token's expiry. Refused or unanswered, the socket closes at that expiry and reconnects
   * with the current token, as before.
   */
  async function renewToken(token: string): Promise<boolean> {
    const current = socket;
    if (!current?.connected) return false;
    const expiresAt = tokenExpiry(token);
    if (expiresAt !== null && socketTokenExpiresAt !== null && expiresAt <= socketTokenExpiresAt) return true;
    try {
      const answer = await current.request(SOCKET_EVENTS.authRenew, { token }, RENEW_ACK_TIMEOUT_MS);
      if (!isRecord(answer) || answer.ok !== true) {
        log.warn('chat: the server refused the renewed token; the socket reconnects when its token expires');
        return false;
      }
      if (current !== socket) return false;
      socketTokenExpiresAt = expiresAt;
      scheduleRenewal();
      return true;
    } catch {
      log.warn('chat: no answer to the token renewal');
      return false;
    }
  }

  function clearLastMessagesTimer() {
    if (lastMessagesTimer !== null) clearTimeout(lastMessagesTimer);
    lastMessagesTimer = null;
  }

  function bind(created: ChatSocketLike): ChatSocketLike {
    created.on('connect', () => {
      renewedToken = false;
      socketTokenExpiresAt = handshakeToken ? tokenExpiry(handshakeToken) : null;
      scheduleRenewal();
      machine.connected();
      const reconnected = everConnected;
      everConnected = true;
      clearLastMessagesTimer();
      lastMessagesTimer = setTimeout(() => {
        lastMessagesTimer = null;
        if (created.connected) created.emit(SOCKET_EVENTS.getLastMessages);
      }, CHAT.lastMessagesDelayMs);
      if (reconnected) catchUp();
    });
    created.on('disconnect', (reason) => {
      clearLastMessagesTimer();
      clearRenewTimer();
      socketTokenExpiresAt = null;
      statuses.clear();
      // Our own disconnect (stop) removed the listeners first; anything else is unintentional.
      if (reason === 'io client disconnect') return;
      machine.connectionLost({ libraryRetrying: created.active });
    });
    created.on('connect_error', (error) => {
      const message = error instanceof Error ? error.message : String(error);
      log.warn(`chat: connection failed (${message})`);
      if (message === 'unauthorized' && !renewedToken) {
        // An expired access token: renew it through the HTTP client and try again at once.
        renewedToken = true;
        deps.refreshToken().then(
          () => machine.tokenRenewed(),
          () => machine.connectError({ libraryRetrying: false }),
        );
        return;
      }
      machine.connectError({ libraryRetrying: created.active });
    });
    created.onManager('reconnect_attempt', () => machine.libraryRetrying());
    created.onManager('reconnect_failed', () => machine.libraryGaveUp());

    created.on(SOCKET_EVENTS.messageNew, (payload) => {
      if (isChatMessage(payload)) receive(payload);
    });
    created.on(SOCKET_EVENTS.userTyping, (payload) => {
      if (isRecord(payload) && typeof payload.conversationId === 'number')
        deps.emit('user:typing', payload as UserTypingEvent);
    });
    created.on(SOCKET_EVENTS.messageRead, (payload) => {
      if (isRecord(payload) && typeof payload.conversationId === 'number')
        deps.emit('message:read', payload as MessageReadEvent);
    });
    const onStatus = (payload: unknown) => {
      const status = toUserStatus(payload);
      // The server sends each change under both names: the bus hears it once.
      if (!status || statuses.get(status.userId) === status.status) return;
      statuses.set(status.userId, status.status);
      deps.emit('user:status', status);
    };
    created.on(SOCKET_EVENTS.userStatus, onStatus);
    created.on(SOCKET_EVENTS.userStatusLegacy, onStatus);
    created.on(SOCKET_EVENTS.lastMessages, (payload) => {
      if (Array.isArray(payload)) deps.emit('lastMessages', payload as ConversationSummary[]);
    });
    created.on(SOCKET_EVENTS.notification, (payload) => {
      if (isRecord(payload)) deps.emit('notification', payload as AppNotification);
    });
    created.on(LESSON_EVENTS.signal, (payload) => {
      if (isRecord(payload) && typeof payload.from === 'number')
        deps.emit(LESSON_EVENTS.signal, { from: payload.from, data: payload.data });
    });
    return created;
  }

  /** One incoming message: duplicates are ignored; a gap in an open conversation is filled first. */
  function receive(message: ChatMessage) {
    if (dedupe.seen(messageKey(message))) return;
    const entry = tracked.get(message.conversationId);
    if (entry) {
      if (message.seq > entry.lastSeq + 1) void fetchAfter(message.conversationId, entry.lastSeq);
      entry.lastSeq = Math.max(entry.lastSeq, message.seq);
    }
    deps.emit('message:new', message);
  }

  async function fetchAfter(conversationId: number, afterSeq: number) {
    if (filling.has(conversationId)) return;
    filling.add(conversationId);
    try {
      let cursor = afterSeq;
      for (let page = 0; page < CATCH_UP_MAX_PAGES; page += 1) {
        const { data, hasMore } = await deps.getMessagesAfter(conversationId, cursor, CATCH_UP_PAGE_SIZE);
        for (const message of data) receive(message);
        const last = data.at(-1);
        if (!hasMore || !last) break;
        cursor = last.seq;
      }
    } catch (error) {
      log.warn(`chat: could not fetch the missed messages of conversation ${conversationId}`, error);
    } finally {
      filling.delete(conversationId);
    }
  }

  function catchUp() {
    for (const [conversationId, entry] of tracked) void fetchAfter(conversationId, entry.lastSeq);
  }

  function whenConnected(timeoutMs: number): Promise<ChatSocketLike | null> {
    if (machine.state === 'connected' && socket?.connected) return Promise.resolve(socket);
    return new Promise((resolve) => {
      const done = (value: ChatSocketLike | null) => {
        clearTimeout(timer);
        stateListeners.delete(listener);
        resolve(value);
      };
      const listener = (state: ConnectionState) => {
        if (state === 'connected' && socket?.connected) done(socket);
      };
      const timer = setTimeout(() => done(null), timeoutMs);
      stateListeners.add(listener);
    });
  }

  return {
    get state(): ConnectionState {
      return machine.state;
    },
    /** Session start-up: connects when there is an access token. */
    start() {
      if (machine.running) return;
      unsubscribeRefresh ??= deps.onTokenRefreshed?.((token) => void renewToken(token)) ?? null;
      machine.start();
    },
    /** The intentional disconnect (logout): no retry. */
    stop() {
      machine.stop();
      clearLastMessagesTimer();
      clearRenewTimer();
      socketTokenExpiresAt = null;
      unsubscribeRefresh?.();
      unsubscribeRefresh = null;
      const closing = socket;
      socket = null;
      closing?.close();
      everConnected = false;
      renewedToken = false;
      dedupe.clear();
      statuses.clear();
    },
    /** Hands a new access token to the open socket (`auth:renew`); false when refused or not connected. */
    renewToken,
    /** A new round of attempts, asked by the user or when the browser is back online. */
    reconnect() {
      machine.retryNow();
    },

    /**
     * Sends a message and resolves to the server's acknowledgement, or to a failure: no
     * recipient (refused here, never sent), no connection or no answer within the timeout.
     */
    async sendMessage(payload: SendMessage): Promise<MessageAck> {
      if (!isPositiveInteger(payload.recipientId)) {
        log.error('chat: a message without recipientId is refused and not sent');
        return failed('missingRecipient', 'The message has no recipient');
      }
      const deadline = now() + ackTimeoutMs;
      const ready = await whenConnected(ackTimeoutMs);
      if (!ready) return failed('notConnected', 'The chat is not connected');
      try {
        const answer = await ready.request(SOCKET_EVENTS.message, payload, Math.max(1, deadline - now()));
        if (!isAck(answer)) return failed('badAnswer', 'The server answered in an unknown shape');
        if (answer.ok) receive(answer.message);
        return answer;
      } catch {
        return failed('timeout', 'The server did not answer in time');
      }
    },

    startTyping(conversationId: number) {
      if (socket?.connected) socket.emit(SOCKET_EVENTS.typingStart, { conversationId });
    },
    stopTyping(conversationId: number) {
      if (socket?.connected) socket.emit(SOCKET_EVENTS.typingStop, { conversationId });
    },

    /** Everything up to `messageId` is read: over the socket, or the REST call without one. */
    async markRead(payload: { conversationId: number; messageId: number }): Promise<void> {
      if (socket?.connected) {
        try {
          await socket.request(SOCKET_EVENTS.markRead, payload, READ_ACK_TIMEOUT_MS);
          return;
        } catch {
          // no answer: the REST call below
        }
      }
      try {
        await deps.postRead(payload.conversationId, payload.messageId);
      } catch (error) {
        log.warn('chat: could not mark the conversation as read', error);
      }
    },

    /**
     * `lesson:join` (issue 16): waits for the connection, then asks to enter the lesson's room;
     * a refusal's code, or `notConnected` without a connection or an answer in time.
     */
    async joinLesson(reservationId: number): Promise<LessonAck | { ok: false; code: 'notConnected' }> {
      const deadline = now() + ackTimeoutMs;
      const ready = await whenConnected(ackTimeoutMs);
      if (!ready) return { ok: false, code: 'notConnected' };
      try {
        const answer = await ready.request(LESSON_EVENTS.join, { reservationId }, Math.max(1, deadline - now()));
        if (isRecord(answer) && answer.ok === true) return { ok: true };
        const code = isRecord(answer) ? answer.code : null;
        return { ok: false, code: LESSON_REFUSALS.find((known) => known === code) ?? 'badRequest' };
      } catch {
        return { ok: false, code: 'notConnected' };
      }
    },
    /** `lesson:leave`: the room is left (the disconnect leaves it too). */
    leaveLesson(reservationId: number) {
      if (socket?.connected) socket.emit(LESSON_EVENTS.leave, { reservationId });
    },
    /** `lesson:connected`: this party's call reached the other party (the server counts both present, issue 29). */
    reportLessonConnected(reservationId: number) {
      if (socket?.connected) socket.emit(LESSON_EVENTS.connected, { reservationId });
    },
    /** `lesson:signal`: an offer, answer, ICE candidate or hello for the other party; false when not connected. */
    sendLessonSignal(reservationId: number, data: unknown): boolean {
      if (!socket?.connected) return false;
      socket.emit(LESSON_EVENTS.signal, { reservationId, data });
      return true;
    },
    /**
     * A screen shows this conversation: its last seen seq is kept (raised by every message that
     * arrives) so a reconnect fetches what came after it. Returns the release.
     */
    trackConversation(conversationId: number, lastSeq: number): () => void {
      const entry = tracked.get(conversationId);
      if (entry) {
        entry.holders += 1;
        entry.lastSeq = Math.max(entry.lastSeq, lastSeq);
      } else tracked.set(conversationId, { lastSeq, holders: 1 });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const current = tracked.get(conversationId);
        if (!current) return;
        current.holders -= 1;
        if (current.holders <= 0) tracked.delete(conversationId);
      };
    },
  };
}
