import { SOCKET_EVENTS, typingSchema, type UserStatusEvent } from '@ustaz/contract';
import type { ChatService } from '../modules/chat/chat.service.ts';
import { type AppServer, type AppSocket, room } from './socket.ts';

export type Presence = {
  /** Which of these users have at least one socket, in any process (best effort). */
  onlineAmong(userIds: number[]): Promise<Set<number>>;
  /** A socket of the user connected: their counterparts hear they are online. */
  connected(userId: number): void;
  /** A socket of the user left: offline once they have no socket left anywhere. */
  disconnected(userId: number): void;
};

/**
 * Presence is "has a socket in the user's room", asked across every process; it is told to the
 * user's chat counterparts only. Nothing is published once the server is closing.
 */
export function createPresence(io: AppServer, chat: () => ChatService, closing: () => boolean): Presence {
  async function onlineAmong(userIds: number[]): Promise<Set<number>> {
    const unique = [...new Set(userIds)];
    const online = new Set<number>();
    await Promise.all(
      unique.map(async (id) => {
        try {
          if ((await io.in(room.user(id)).fetchSockets()).length > 0) online.add(id);
        } catch {
          // another process did not answer in time: presence is best effort
        }
      }),
    );
    return online;
  }

  async function announce(userId: number, online: boolean) {
    if (closing()) return;
    const counterparts = await chat().counterparts(userId);
    if (counterparts.length === 0) return;
    const event: UserStatusEvent = { userId, status: online ? 'online' : 'offline', online };
    const rooms = counterparts.map(room.user);
    if (closing()) return;
    io.to(rooms).emit(SOCKET_EVENTS.userStatus, event);
    io.to(rooms).emit(SOCKET_EVENTS.userStatusLegacy, event);
  }

  return {
    onlineAmong,
    connected(userId) {
      void announce(userId, true).catch(() => {});
    },
    disconnected(userId) {
      if (closing()) return;
      void (async () => {
        const left = (await onlineAmong([userId])).has(userId);
        if (!left) await announce(userId, false);
      })().catch(() => {});
    },
  };
}

/** `typing:start` and `typing:stop` reach the other participant of the conversation, and nobody else. */
export function handleTyping(io: AppServer, socket: AppSocket, chat: () => ChatService): void {
  const { userId } = socket.data;
  const on = socket.on.bind(socket) as (event: string, listener: (...args: unknown[]) => void) => void;
  for (const [event, typing] of [
    [SOCKET_EVENTS.typingStart, true],
    [SOCKET_EVENTS.typingStop, false],
  ] as const) {
    on(event, async (payload: unknown) => {
      const parsed = typingSchema.safeParse(payload);
      if (!parsed.success) return;
      try {
        const conversation = await chat().participantConversation(userId, parsed.data.conversationId);
        const other = conversation.studentId === userId ? conversation.teacherId : conversation.studentId;
        io.to(room.user(other)).emit(SOCKET_EVENTS.userTyping, {
          conversationId: conversation.id,
          userId,
          typing,
        });
      } catch {
        // not a participant: ignored
      }
    });
  }
}
