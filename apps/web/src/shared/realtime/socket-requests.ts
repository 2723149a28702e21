import {
  type ChatMessage,
  LESSON_EVENTS,
  LESSON_REFUSALS,
  type LessonAck,
  type MessageAck,
  type SendMessage,
  SOCKET_EVENTS,
} from '@ustaz/contract';
import { isChatMessage, isRecord } from './chat-shapes.ts';
import type { ChatSocketDeps, ChatSocketLike, Log } from './chat-socket-types.ts';

/** How long `mark:read` waits for its acknowledgement before the REST call is used instead. */
const READ_ACK_TIMEOUT_MS = 5_000;

/** What the acknowledged requests need of the manager. */
export type RequestContext = Pick<ChatSocketDeps, 'postRead'> & {
  now: () => number;
  log: Log;
  ackTimeoutMs: number;
  /** The socket once it is connected, or null after `timeoutMs`. */
  whenConnected: (timeoutMs: number) => Promise<ChatSocketLike | null>;
  currentSocket: () => ChatSocketLike | null;
  receive: (message: ChatMessage) => void;
};

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

/**
 * Sends a message and resolves to the server's acknowledgement, or to a failure: no
 * recipient (refused here, never sent), no connection or no answer within the timeout.
 */
export async function sendMessage(ctx: RequestContext, payload: SendMessage): Promise<MessageAck> {
  if (!isPositiveInteger(payload.recipientId)) {
    ctx.log.error('chat: a message without recipientId is refused and not sent');
    return failed('missingRecipient', 'The message has no recipient');
  }
  const deadline = ctx.now() + ctx.ackTimeoutMs;
  const ready = await ctx.whenConnected(ctx.ackTimeoutMs);
  if (!ready) return failed('notConnected', 'The chat is not connected');
  try {
    const answer = await ready.request(SOCKET_EVENTS.message, payload, Math.max(1, deadline - ctx.now()));
    if (!isAck(answer)) return failed('badAnswer', 'The server answered in an unknown shape');
    if (answer.ok) ctx.receive(answer.message);
    return answer;
  } catch {
    return failed('timeout', 'The server did not answer in time');
  }
}

/** Everything up to `messageId` is read: over the socket, or the REST call without one. */
export async function markRead(
  ctx: RequestContext,
  payload: { conversationId: number; messageId: number },
): Promise<void> {
  const socket = ctx.currentSocket();
  if (socket?.connected) {
    try {
      await socket.request(SOCKET_EVENTS.markRead, payload, READ_ACK_TIMEOUT_MS);
      return;
    } catch {
      // no answer: the REST call below
    }
  }
  try {
    await ctx.postRead(payload.conversationId, payload.messageId);
  } catch (error) {
    ctx.log.warn('chat: could not mark the conversation as read', error);
  }
}

/**
 * `lesson:join` (issue 16): waits for the connection, then asks to enter the lesson's room;
 * a refusal's code, or `notConnected` without a connection or an answer in time.
 */
export async function joinLesson(
  ctx: RequestContext,
  reservationId: number,
): Promise<LessonAck | { ok: false; code: 'notConnected' }> {
  const deadline = ctx.now() + ctx.ackTimeoutMs;
  const ready = await ctx.whenConnected(ctx.ackTimeoutMs);
  if (!ready) return { ok: false, code: 'notConnected' };
  try {
    const answer = await ready.request(LESSON_EVENTS.join, { reservationId }, Math.max(1, deadline - ctx.now()));
    if (isRecord(answer) && answer.ok === true) return { ok: true };
    const code = isRecord(answer) ? answer.code : null;
    return { ok: false, code: LESSON_REFUSALS.find((known) => known === code) ?? 'badRequest' };
  } catch {
    return { ok: false, code: 'notConnected' };
  }
}
