import { LESSON_EVENTS, type SendMessage, SOCKET_EVENTS } from '@ustaz/contract';
import { createChatConnection } from './chat-socket-connection.ts';
import type { ChatSocketDeps, ChatSocketLike, Log } from './chat-socket-types.ts';
import type { ConnectionState } from './connection-machine.ts';
import { createMessageIntake } from './message-intake.ts';
import { bindBusEvents } from './socket-bus-events.ts';
import { joinLesson, markRead, type RequestContext, sendMessage } from './socket-requests.ts';

export type { ChatSocketDeps, ChatSocketLike, ChatSocketOptions } from './chat-socket-types.ts';
export { toUserStatus } from './socket-bus-events.ts';
export { TOKEN_RENEW_BEFORE_MS, tokenExpiry } from './socket-token-renewal.ts';

/** How long a sent message waits for the server's acknowledgement (including a reconnection) before it failed. */
export const SEND_ACK_TIMEOUT_MS = 10_000;

export type ChatSocketManager = ReturnType<typeof createChatSocketManager>;

/**
 * The global chat socket (spec 4 "Session start-up", "Chat connection"; spec 7 "Realtime"):
 * connects with the access token, runs the connection state machine on top of socket.io's own
 * reconnection, renews the token once when the server says "unauthorized", ignores duplicate
 * messages, asks for the last messages 1 s after connecting, and after a reconnect fetches what
 * each open conversation missed (seq after the last seen). Server events go to the realtime bus.
 * Its parts: the connection (`chat-socket-connection.ts`, with `socket-token-renewal.ts`), the
 * intake of messages (`message-intake.ts`), the bus events (`socket-bus-events.ts`) and the
 * acknowledged requests (`socket-requests.ts`).
 */
export function createChatSocketManager(deps: ChatSocketDeps) {
  const now = deps.now ?? Date.now;
  const log: Log = deps.log ?? console;
  const intake = createMessageIntake({ getMessagesAfter: deps.getMessagesAfter, emit: deps.emit, now, log });
  const connection = createChatConnection({
    ...deps,
    now,
    log,
    bindEvents: (socket) => bindBusEvents(socket, { emit: deps.emit, receive: intake.receive }),
    onReconnected: intake.catchUp,
  });
  const requests: RequestContext = {
    postRead: deps.postRead,
    now,
    log,
    ackTimeoutMs: deps.ackTimeoutMs ?? SEND_ACK_TIMEOUT_MS,
    whenConnected: connection.whenConnected,
    currentSocket: () => connection.socket,
    receive: intake.receive,
  };

  /** Emits when connected; false otherwise (nothing is queued). */
  function emitIfConnected(event: Parameters<ChatSocketLike['emit']>[0], payload: unknown): boolean {
    const socket = connection.socket;
    if (!socket?.connected) return false;
    socket.emit(event, payload);
    return true;
  }

  return {
    get state(): ConnectionState {
      return connection.state;
    },
    /** Session start-up: connects when there is an access token. */
    start: connection.start,
    /** The intentional disconnect (logout): no retry. */
    stop() {
      connection.stop();
      intake.forget();
    },
    /** Hands a new access token to the open socket (`auth:renew`); false when refused or not connected. */
    renewToken: connection.renewToken,
    /** A new round of attempts, asked by the user or when the browser is back online. */
    reconnect: connection.retryNow,
    /** The server's acknowledgement, or a failed `MessageAck` (no recipient, no connection, no answer). */
    sendMessage: (payload: SendMessage) => sendMessage(requests, payload),
    startTyping(conversationId: number) {
      emitIfConnected(SOCKET_EVENTS.typingStart, { conversationId });
    },
    stopTyping(conversationId: number) {
      emitIfConnected(SOCKET_EVENTS.typingStop, { conversationId });
    },
    /** Everything up to `messageId` is read: over the socket, or the REST call without one. */
    markRead: (payload: { conversationId: number; messageId: number }) => markRead(requests, payload),
    /** `lesson:join` (issue 16): a refusal's code, or `notConnected`. */
    joinLesson: (reservationId: number) => joinLesson(requests, reservationId),
    /** `lesson:leave`: the room is left (the disconnect leaves it too). */
    leaveLesson(reservationId: number) {
      emitIfConnected(LESSON_EVENTS.leave, { reservationId });
    },
    /** `lesson:connected`: this party's call reached the other party (the server counts both present, issue 29). */
    reportLessonConnected(reservationId: number) {
      emitIfConnected(LESSON_EVENTS.connected, { reservationId });
    },
    /** `lesson:signal`: an offer, answer, ICE candidate or hello for the other party; false when not connected. */
    sendLessonSignal: (reservationId: number, data: unknown): boolean =>
      emitIfConnected(LESSON_EVENTS.signal, { reservationId, data }),
    /** A screen shows this conversation, so a reconnect fetches what it missed; returns the release. */
    trackConversation: intake.trackConversation,
  };
}
