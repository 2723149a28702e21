import {
  type AppNotification,
  type ChatMessage,
  type ConversationSummary,
  LESSON_EVENTS,
  type MessageReadEvent,
  SOCKET_EVENTS,
  type UserStatusEvent,
  type UserTypingEvent,
} from '@ustaz/contract';
import { isChatMessage, isRecord } from './chat-shapes.ts';
import type { ChatSocketLike, EmitToBus } from './chat-socket-types.ts';

/** Spec 3 "User status event": userId plus a status or an online flag, normalised to online or offline. */
export function toUserStatus(value: unknown): UserStatusEvent | null {
  if (!isRecord(value) || typeof value.userId !== 'number') return null;
  const online = value.status === 'online' || (value.status === undefined && value.online === true);
  return { userId: value.userId, status: online ? 'online' : 'offline', online };
}

type BusEventsDeps = {
  emit: EmitToBus;
  /** A new message goes through the intake (de-duplication, gaps) before the bus. */
  receive: (message: ChatMessage) => void;
};

/** The server's events, each checked for its shape, onto the realtime bus. */
export function bindBusEvents(socket: ChatSocketLike, { emit, receive }: BusEventsDeps) {
  /** The last status heard of each user while this socket is connected. */
  const statuses = new Map<number, UserStatusEvent['status']>();
  socket.on('disconnect', () => statuses.clear());
  socket.on(SOCKET_EVENTS.messageNew, (payload) => {
    if (isChatMessage(payload)) receive(payload);
  });
  socket.on(SOCKET_EVENTS.userTyping, (payload) => {
    if (isRecord(payload) && typeof payload.conversationId === 'number')
      emit('user:typing', payload as UserTypingEvent);
  });
  socket.on(SOCKET_EVENTS.messageRead, (payload) => {
    if (isRecord(payload) && typeof payload.conversationId === 'number')
      emit('message:read', payload as MessageReadEvent);
  });
  const onStatus = (payload: unknown) => {
    const status = toUserStatus(payload);
    // The server sends each change under both names: the bus hears it once.
    if (!status || statuses.get(status.userId) === status.status) return;
    statuses.set(status.userId, status.status);
    emit('user:status', status);
  };
  socket.on(SOCKET_EVENTS.userStatus, onStatus);
  socket.on(SOCKET_EVENTS.userStatusLegacy, onStatus);
  socket.on(SOCKET_EVENTS.lastMessages, (payload) => {
    if (Array.isArray(payload)) emit('lastMessages', payload as ConversationSummary[]);
  });
  socket.on(SOCKET_EVENTS.notification, (payload) => {
    if (isRecord(payload)) emit('notification', payload as AppNotification);
  });
  socket.on(LESSON_EVENTS.signal, (payload) => {
    if (isRecord(payload) && typeof payload.from === 'number')
      emit(LESSON_EVENTS.signal, { from: payload.from, data: payload.data });
  });
}
