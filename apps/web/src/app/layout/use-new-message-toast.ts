import { useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@ustaz/contract';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { isConversationShown } from '../../shared/realtime/shown-conversations.ts';
import { useRealtimeEvent } from '../../shared/realtime/use-realtime-event.ts';
import { notify } from '../../shared/ui/toast.tsx';

const PREVIEW_LENGTH = 80;

/** Whose name a conversation shows: from the chat list (asked at most every 30 s). */
async function senderName(
  queryClient: ReturnType<typeof useQueryClient>,
  message: ChatMessage,
): Promise<string | null> {
  try {
    const { CONVERSATIONS_QUERY_KEY, getConversations } = await import('../../features/chat/api/conversations.ts');
    const list = await queryClient.fetchQuery({
      queryKey: CONVERSATIONS_QUERY_KEY,
      queryFn: ({ signal }) => getConversations(signal),
      staleTime: 30_000,
    });
    const other = list.find((c) => c.conversationId === message.conversationId)?.otherUser;
    return other ? `${other.firstName} ${other.lastName}`.trim() || null : null;
  } catch {
    return null;
  }
}

/** The text of a toast about `message`: its first characters, or "sent an attachment". */
export function messagePreview(message: ChatMessage, attachmentText: string): string {
  const text = message.content.trim().replace(/\s+/g, ' ');
  if (!text) return attachmentText;
  const chars = Array.from(text);
  return chars.length > PREVIEW_LENGTH ? `${chars.slice(0, PREVIEW_LENGTH).join('')}…` : text;
}

/**
 * A chat message for the signed-in user while they are elsewhere in the app (issue 17): a toast
 * with the sender's name and a preview, whose button opens the conversation. On that
 * conversation's own page, or with a chat panel showing it (the lesson room), no toast.
 */
export function useNewMessageToast(userId: number | null): void {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useRealtimeEvent('message:new', (message) => {
    if (userId === null || message.recipientId !== userId || message.senderId === userId) return;
    const conversationPath = localePath(language, `/chats/${message.senderId}`);
    // That conversation's own page, or a chat panel showing it (the lesson room's): it shows there.
    if (location.pathname === conversationPath || isConversationShown(message.senderId)) return;
    const preview = messagePreview(message, t('chatToast.attachment'));
    void senderName(queryClient, message).then((name) =>
      notify.info(name ?? t('chatToast.newMessage'), {
        id: `chat-message-${message.id}`,
        description: preview,
        action: { label: t('chatToast.open'), onClick: () => void navigate(conversationPath) },
      }),
    );
  });
}
