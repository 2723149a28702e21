import { useQuery } from '@tanstack/react-query';
import type { ConversationSummary } from '@ustaz/contract';
import { apiRequest } from '../../../shared/http/client.ts';

/** Every chat query hangs below this key. */
export const CHATS_QUERY_KEY = ['chats'] as const;
export const CONVERSATIONS_QUERY_KEY = [...CHATS_QUERY_KEY, 'list'] as const;

/** GET /api/v1/chats: my conversations, latest activity first. */
export async function getConversations(signal?: AbortSignal): Promise<ConversationSummary[]> {
  const body = await apiRequest('/api/v1/chats', (contract) => contract.conversationsResponseSchema, { signal });
  return body.data;
}

export function useConversations() {
  return useQuery({ queryKey: CONVERSATIONS_QUERY_KEY, queryFn: ({ signal }) => getConversations(signal) });
}
