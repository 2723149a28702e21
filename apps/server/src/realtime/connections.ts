import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { AccessTokens } from '../modules/auth/tokens.ts';
import type { ChatService } from '../modules/chat/chat.service.ts';
import type { LessonsService } from '../modules/lessons/lessons.service.ts';
import { handleChat } from './chat-handlers.ts';
import { handleLessons } from './lesson-handlers.ts';
import { createPresence, handleTyping } from './presence.ts';
import type { Realtime } from './realtime.ts';
import { room } from './socket.ts';
import { handleTokenRenewal, requireAccessToken } from './socket-auth.ts';

export type ConnectionDeps = {
  db: Db;
  tokens: AccessTokens;
  /** Built after the realtime (it needs its presence): so the sockets are wired here, not there. */
  chat: ChatService;
  /** The lesson room's access, window and attendance (lesson-handlers.ts). */
  lessons: LessonsService;
  log: FastifyBaseLogger;
};

/**
 * What a socket may do: the access token checked on connect and the socket closed when it expires
 * (unless renewed on the socket, `auth:renew`), its session ends or the user is suspended
 * (socket-auth.ts); its user's and session's rooms; presence told to the user's counterparts;
 * chat events (chat-handlers.ts), typing and the lesson room (lesson-handlers.ts).
 */
export function handleConnections(realtime: Realtime, { db, tokens, chat, lessons, log }: ConnectionDeps): void {
  const { io } = realtime;
  requireAccessToken(io, db, tokens);
  const presence = createPresence(io, { chat, onlineAmong: realtime.onlineAmong, closing: realtime.closing });

  io.on('connection', (socket) => {
    const { userId } = socket.data;
    void socket.join([room.user(userId), room.session(socket.data.familyId)]);
    presence.connected(userId);
    handleTokenRenewal(socket, db, tokens);
    handleChat(socket, { io, chat, limiter: realtime.limiter, onlineAmong: realtime.onlineAmong, log });
    handleTyping(io, socket, chat);
    handleLessons(socket, { io, lessons, log });
    socket.on('disconnect', () => presence.disconnected(userId));
  });
}
