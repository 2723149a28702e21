import type { ChatMessage } from '@ustaz/contract';

/**
 * Light checks of chat payloads (the contract's chatMessageSchema) for the socket and the first
 * bundle's catch-up call (chat-api.ts), which zod stays out of. No import of the HTTP client here:
 * the lazily loaded socket module imports this file, and a second importer of the client's
 * i18next would split i18next out of its chunk.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object';
}

export function isChatMessage(value: unknown): value is ChatMessage {
  return (
    isRecord(value) &&
    typeof value.id === 'number' &&
    typeof value.conversationId === 'number' &&
    typeof value.seq === 'number' &&
    typeof value.createdAt === 'string'
  );
}
