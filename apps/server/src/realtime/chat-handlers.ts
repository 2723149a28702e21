import { type MessageAck, markReadSchema, SOCKET_EVENTS, sendMessageSchema } from '@ustaz/contract';
import type { FastifyBaseLogger } from 'fastify';
import { FieldValidationError, HttpError, toFieldErrors } from '../http/errors.ts';
import type { ChatService } from '../modules/chat/chat.service.ts';
import type { MessageLimiter } from './message-limiter.ts';
import { type AppServer, type AppSocket, room } from './socket.ts';

export type ChatHandlerDeps = {
  io: AppServer;
  chat: ChatService;
  limiter: MessageLimiter;
  onlineAmong(userIds: number[]): Promise<Set<number>>;
  log: FastifyBaseLogger;
};

/** A failure as the ack carries it: the same codes and fields as the HTTP API. */
function errorOf(error: unknown): MessageAck & { ok: false } {
  if (error instanceof FieldValidationError) {
    return { ok: false, error: { code: 'validation', message: 'Validation failed', fields: error.errors } };
  }
  if (error instanceof HttpError) return { ok: false, error: { code: error.code, message: error.message } };
  return { ok: false, error: { code: 'internalError', message: 'Internal server error' } };
}

/** The ack callback a client may pass, called only when it is one. */
const replier =
  <Answer>(ack: unknown) =>
  (answer: Answer) => {
    if (typeof ack === 'function') ack(answer);
  };

/**
 * The chat events of one socket: `message` (within the user's budget, validated, stored, then
 * told to both participants), `mark:read` and `getLastMessages`.
 */
export function handleChat(socket: AppSocket, { io, chat, limiter, onlineAmong, log }: ChatHandlerDeps): void {
  const { userId } = socket.data;
  const on = socket.on.bind(socket) as (event: string, listener: (...args: unknown[]) => void) => void;

  on(SOCKET_EVENTS.message, async (payload: unknown, ack?: unknown) => {
    const reply = replier<MessageAck>(ack);
    if (!(await limiter.take(userId))) {
      reply({ ok: false, error: { code: 'tooManyRequests', message: 'Too many messages; wait a moment' } });
      return;
    }
    const parsed = sendMessageSchema.safeParse(payload);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({
        keyword: issue.code,
        instancePath: `/${issue.path.join('/')}`,
        params: issue as unknown as Record<string, unknown>,
      }));
      reply({
        ok: false,
        error: { code: 'validation', message: 'Validation failed', fields: toFieldErrors(issues, payload) },
      });
      return;
    }
    try {
      const result = await chat.send(userId, parsed.data);
      // Stored first, then told: both participants, every tab, every process.
      if (result.created) {
        io.to([room.user(userId), room.user(result.message.recipientId)]).emit(
          SOCKET_EVENTS.messageNew,
          result.message,
        );
      }
      reply({ ok: true, message: result.message });
      if (result.created) {
        // An offline recipient is told by a notification; the sender does not wait for it.
        const recipient = result.message.recipientId;
        void onlineAmong([recipient])
          .then((online) => chat.notifyIfOffline(result.message, online.has(recipient)))
          .catch((error: unknown) => log.warn({ err: error }, 'message notification failed'));
      }
    } catch (error) {
      if (!(error instanceof HttpError || error instanceof FieldValidationError)) {
        log.error({ err: error }, 'chat message failed');
      }
      reply(errorOf(error));
    }
  });

  on(SOCKET_EVENTS.markRead, async (payload: unknown, ack?: unknown) => {
    const parsed = markReadSchema.safeParse(payload);
    const reply = replier<unknown>(ack);
    if (!parsed.success) return reply({ ok: false, error: { code: 'validation', message: 'Validation failed' } });
    try {
      const result = await chat.markRead(userId, parsed.data);
      if (result) {
        io.to([room.user(userId), room.user(result.otherUserId)]).emit(SOCKET_EVENTS.messageRead, result.event);
      }
      reply({ ok: true });
    } catch (error) {
      reply(errorOf(error));
    }
  });

  on(SOCKET_EVENTS.getLastMessages, async (...args: unknown[]) => {
    const ack = args.find((arg) => typeof arg === 'function') as ((value: unknown) => void) | undefined;
    try {
      const list = await chat.list(userId);
      socket.emit(SOCKET_EVENTS.lastMessages, list);
      ack?.(list);
    } catch (error) {
      log.error({ err: error }, 'getLastMessages failed');
      ack?.([]);
    }
  });
}
