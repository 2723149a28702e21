import type { MessagesResponse } from '@ustaz/contract';
import { apiRequest } from '../http/client.ts';

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
  return apiRequest<MessagesResponse>(`/api/v1/chats/${conversationId}/messages`, { query, signal });
}

/** POST /api/v1/chats/{conversationId}/read: the REST twin of `mark:read`. */
export async function postRead(conversationId: number, messageId: number): Promise<void> {
  await apiRequest(`/api/v1/chats/${conversationId}/read`, { method: 'POST', body: { messageId } });
}
