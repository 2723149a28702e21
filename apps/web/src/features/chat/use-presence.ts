import type { ConversationSummary } from '@ustaz/contract';
import { useState } from 'react';
import { useRealtimeEvent } from '../../shared/realtime/use-realtime-event.ts';

/** The other user's presence: from the conversation, then user:status and the lastMessages list. */
export function usePresence(conversation: ConversationSummary): boolean {
  const [online, setOnline] = useState(conversation.online);
  useRealtimeEvent('user:status', (status) => {
    if (status.userId === conversation.otherUser.id) setOnline(status.online);
  });
  useRealtimeEvent('lastMessages', (list) => {
    const mine = list.find((item) => item.conversationId === conversation.conversationId);
    if (mine) setOnline(mine.online);
  });
  return online;
}
