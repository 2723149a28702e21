import type { LessonAck, MessageAck, SendMessage } from '@ustaz/contract';
import { io } from 'socket.io-client';
import {
  type ChatSocketDeps,
  type ChatSocketLike,
  type ChatSocketOptions,
  createChatSocketManager,
} from './chat-socket-manager.ts';
import { setConnectionState } from './connection-state.ts';
import { realtimeEvents } from './realtime-events.ts';

/**
 * The app's one chat socket. This module is the only one that imports socket.io-client; it is
 * loaded with import() once a user is signed in (see use-chat-socket.ts), and by the chat screens.
 */

/**
 * What the socket needs of the session: the tokens and two REST calls. They are handed in by
 * startChatSocket from the first bundle, which holds them already: importing the HTTP client here
 * would give i18next a second group of importers and split it out of its chunk on every page.
 */
export type ChatSocketServices = Pick<
  ChatSocketDeps,
  'getToken' | 'refreshToken' | 'onTokenRefreshed' | 'getMessagesAfter' | 'postRead'
>;

let services: ChatSocketServices | null = null;
const notStarted = () => Promise.reject(new Error('The chat socket has not been started'));

function createSocket(options: ChatSocketOptions): ChatSocketLike {
  const socket = io(window.location.origin, options);
  const managerListeners: Array<[string, () => void]> = [];
  return {
    get connected() {
      return socket.connected;
    },
    get active() {
      return socket.active;
    },
    on: (event, listener) => {
      socket.on(event, listener);
    },
    onManager: (event, listener) => {
      managerListeners.push([event, listener]);
      socket.io.on(event, listener);
    },
    connect: () => {
      socket.connect();
    },
    emit: (event, payload) => {
      if (payload === undefined) socket.emit(event);
      else socket.emit(event, payload);
    },
    request: (event, payload, timeoutMs) => socket.timeout(timeoutMs).emitWithAck(event, payload),
    close: () => {
      socket.off();
      for (const [event, listener] of managerListeners) socket.io.off(event as 'reconnect_failed', listener);
      socket.disconnect();
    },
  };
}

const manager = createChatSocketManager({
  createSocket,
  getToken: () => services?.getToken() ?? null,
  refreshToken: () => services?.refreshToken() ?? notStarted(),
  onTokenRefreshed: (listener) => services?.onTokenRefreshed?.(listener) ?? (() => {}),
  getMessagesAfter: (conversationId, afterSeq, limit) =>
    services?.getMessagesAfter(conversationId, afterSeq, limit) ?? notStarted(),
  postRead: (conversationId, messageId) => services?.postRead(conversationId, messageId) ?? notStarted(),
  emit: (event, payload) => {
    if (event === 'connection') setConnectionState(payload as Parameters<typeof setConnectionState>[0]);
    else realtimeEvents.emit(event, payload);
  },
});

const onOnline = () => manager.reconnect();

/** Session start-up: the global chat socket starts (spec 4). */
export function startChatSocket(session: ChatSocketServices): void {
  services = session;
  window.addEventListener('online', onOnline);
  manager.start();
}

/** Logout: the intentional disconnect, never retried. */
export function stopChatSocket(): void {
  window.removeEventListener('online', onOnline);
  manager.stop();
}

/** The user asked to reconnect now (still after the error cooldown). */
export function reconnectChatSocket(): void {
  manager.reconnect();
}

export function sendMessage(payload: SendMessage): Promise<MessageAck> {
  return manager.sendMessage(payload);
}

export function startTyping(conversationId: number): void {
  manager.startTyping(conversationId);
}

export function stopTyping(conversationId: number): void {
  manager.stopTyping(conversationId);
}

export function markRead(payload: { conversationId: number; messageId: number }): Promise<void> {
  return manager.markRead(payload);
}

/** Keeps a conversation's last seen seq, so a reconnect fetches what it missed; returns the release. */
export function trackConversation(conversationId: number, lastSeq: number): () => void {
  return manager.trackConversation(conversationId, lastSeq);
}

/** The lesson room (issue 16): enter it; `{ ok: false, code }` when refused or not connected. */
export function joinLesson(reservationId: number): Promise<LessonAck | { ok: false; code: 'notConnected' }> {
  return manager.joinLesson(reservationId);
}

export function leaveLesson(reservationId: number): void {
  manager.leaveLesson(reservationId);
}

/** Tells the server this party's call reached the other one (both in the room and connected: both present). */
export function reportLessonConnected(reservationId: number): void {
  manager.reportLessonConnected(reservationId);
}

/** Sends WebRTC signalling data to the other party of the lesson; false when not connected. */
export function sendLessonSignal(reservationId: number, data: unknown): boolean {
  return manager.sendLessonSignal(reservationId, data);
}
