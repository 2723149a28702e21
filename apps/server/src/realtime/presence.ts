import { SOCKET_EVENTS, typingSchema, type UserStatusEvent } from '@ustaz/contract';
import type { ChatService } from '../modules/chat/chat.service.ts';
import { type AppServer, type AppSocket, room } from './socket.ts';

/** Which of these users have at least one socket, in any process (best effort). */
export type OnlineAmong = (userIds: number[]) => Promise<Set<number>>;

export type Presence = {
  /** A socket of the user connected: their counterparts hear they are online. */
  connected(userId: number): void;
  /** A socket of the user left: offline once they have no socket left anywhere. */
  disconnected(userId: number): void;
};

/** How long the cross-process presence questions of several callers wait to go out as one (ms). */
const ASK_BATCH_MS = 5;

/**
 * Presence is "has a socket in the user's room". A user with a socket in this process is answered
 * from the local rooms at once; the others are asked across every process with one adapter
 * request (`fetchSockets` over their rooms) per batch of callers a few milliseconds apart, not one
 * per user (ADR 009). The rooms are read at each question: the start puts the Redis adapter in.
 */
export function createOnlineCheck(io: AppServer): OnlineAmong {
  /** The users asked for by callers waiting for the next batch, and the batch's answer. */
  let pending: { ids: Set<number>; answer: Promise<Set<number>> } | null = null;

  /** Which of `ids` have a socket in any process: one request for all of them (best effort). */
  async function askEveryProcess(ids: number[]): Promise<Set<number>> {
    const online = new Set<number>();
    try {
      const sockets = await io.in(ids.map(room.user)).fetchSockets();
      for (const socket of sockets) online.add(socket.data.userId);
    } catch {
      // another process did not answer in time: presence is best effort
    }
    return online;
  }

  function askBatched(ids: number[]): Promise<Set<number>> {
    if (!pending) {
      const batch = { ids: new Set<number>(), answer: Promise.resolve(new Set<number>()) };
      batch.answer = new Promise<void>((resolve) => setTimeout(resolve, ASK_BATCH_MS)).then(() => {
        if (pending === batch) pending = null;
        return askEveryProcess([...batch.ids]);
      });
      pending = batch;
    }
    for (const id of ids) pending.ids.add(id);
    return pending.answer;
  }

  return async function onlineAmong(userIds: number[]): Promise<Set<number>> {
    const localRooms = io.of('/').adapter.rooms;
    const online = new Set<number>();
    const elsewhere: number[] = [];
    for (const id of new Set(userIds)) {
      if ((localRooms.get(room.user(id))?.size ?? 0) > 0) online.add(id);
      else elsewhere.push(id);
    }
    if (elsewhere.length === 0) return online;
    const remote = await askBatched(elsewhere);
    for (const id of elsewhere) if (remote.has(id)) online.add(id);
    return online;
  };
}

/**
 * A user's coming and going, told to their chat counterparts only. Nothing is published once the
 * server is closing.
 */
export function createPresence(
  io: AppServer,
  { chat, onlineAmong, closing }: { chat: ChatService; onlineAmong: OnlineAmong; closing: () => boolean },
): Presence {
  async function announce(userId: number, online: boolean) {
    if (closing()) return;
    const counterparts = await chat.counterparts(userId);
    if (counterparts.length === 0) return;
    const event: UserStatusEvent = { userId, status: online ? 'online' : 'offline', online };
    const rooms = counterparts.map(room.user);
    if (closing()) return;
    io.to(rooms).emit(SOCKET_EVENTS.userStatus, event);
    io.to(rooms).emit(SOCKET_EVENTS.userStatusLegacy, event);
  }

  return {
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
export function handleTyping(io: AppServer, socket: AppSocket, chat: ChatService): void {
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
        const conversation = await chat.members(userId, parsed.data.conversationId);
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
