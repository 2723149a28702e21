import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../shared/auth/auth-context.tsx';
import { viewerTimeZone } from '../../shared/lib/dates/formats.ts';
import { useShownConversation } from '../../shared/realtime/shown-conversations.ts';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useConversationWith } from './api/conversation-with.ts';
import { ConversationView } from './conversation-page.tsx';

/**
 * The conversation with one user inside another screen (the lesson room puts it beside the
 * video): resolved like /chats/{userId}; nothing is shown when it cannot be opened.
 */
export function ConversationPanel({ otherUserId }: { otherUserId: number }) {
  const { t } = useTranslation('chat');
  const { user } = useAuth();
  const summary = useConversationWith(otherUserId);
  // Its messages show here: no toast for them (issue 30 item 11, the lesson room's chat).
  useShownConversation(otherUserId);
  const zone = useMemo(() => viewerTimeZone(), []);
  if (summary.isPending || !user) {
    return (
      <div className="flex flex-1 items-center justify-center text-primary">
        <Spinner size="lg" label={t('conversation.loading')} />
      </div>
    );
  }
  if (summary.isError) {
    return (
      <p role="alert" className="m-auto p-6 text-center text-sm text-slate-600">
        {t('conversation.errorBody')}
      </p>
    );
  }
  return (
    <ConversationView
      key={summary.data.conversationId}
      conversation={summary.data}
      myId={user.id}
      timeZone={zone}
      now={undefined}
      embedded
    />
  );
}
