import { useQuery } from '@tanstack/react-query';
import type { ConversationSummary } from '@ustaz/contract';
import { ApiRequestError, apiRequest } from '../../../shared/http/client.ts';
import { CHATS_QUERY_KEY } from './conversations.ts';

/**
 * GET /api/v1/chats/with/{userId}: the conversation with another user, created for a student
 * and a teacher; 403 for any other pair, 404 for an unknown user.
 */
export function getConversationWith(userId: number, signal?: AbortSignal): Promise<ConversationSummary> {
  return apiRequest(`/api/v1/chats/with/${userId}`, (contract) => contract.conversationSummarySchema, { signal });
}

export function useConversationWith(userId: number | null) {
  return useQuery({
    queryKey: [...CHATS_QUERY_KEY, 'with', userId],
    queryFn: ({ signal }) => getConversationWith(userId ?? 0, signal),
    enabled: userId !== null,
    // A refusal or an unknown user will not change on a second try.
    retry: (failures, error) =>
      !(error instanceof ApiRequestError && (error.status === 403 || error.status === 404)) && failures < 1,
  });
}
