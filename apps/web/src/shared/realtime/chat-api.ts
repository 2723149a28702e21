import type { MessagesResponse } from '@ustaz/contract';
import { apiRequest, checkedBy } from '../http/client.ts';
import { isChatMessage, isRecord } from './chat-shapes.ts';

/** GET /chats/:id/messages's answer (the contract's messagesResponseSchema), checked without zod. */
const messagesPageShape = checkedBy(
  (value): value is MessagesResponse =>
    isRecord(value) &&
    Array.isArray(value.data) &&
    value.data.every(isChatMessage) &&
    typeof value.hasMore === 'boolean',
);

/** POST /chats/:id/read's answer (the contract's chatReadResponseSchema). */
const chatReadShape = checkedBy((value): value is { ok: true } => isRecord(value) && value.ok === true);

export type MessagesQuery = { beforeSeq?: number; afterSeq?: number; limit?: number };

/**
 * GET /api/v1/chats/{conversationId}/messages: ascending by seq. Without a bound the newest
 * page; `beforeSeq` pages back, `afterSeq` catches up after a reconnect. `hasMore` is about the
 * asked direction.
 */
export function getMessages(
  conversationId: number,
  query: MessagesQuery = {},
  signal?: AbortSignal,
): Promise<MessagesResponse> {
  return apiRequest(`/api/v1/chats/${conversationId}/messages`, messagesPageShape, { query, signal });
}

/** POST /api/v1/chats/{conversationId}/read: the REST twin of `mark:read`. */
export async function postRead(conversationId: number, messageId: number): Promise<void> {
  await apiRequest(`/api/v1/chats/${conversationId}/read`, chatReadShape, { method: 'POST', body: { messageId } });
}
