import { useTranslation } from 'react-i18next';
import { useShownConversation } from '../../shared/realtime/shown-conversations.ts';
import { ConversationWith } from './conversation-page.tsx';

/**
 * The conversation with one user inside another screen (the lesson room puts it beside the
 * video): resolved like /chats/{userId}; nothing is shown when it cannot be opened.
 */
export function ConversationPanel({ otherUserId }: { otherUserId: number }) {
  const { t } = useTranslation('chat');
  // Its messages show here: no toast for them (issue 30 item 11, the lesson room's chat).
  useShownConversation(otherUserId);
  return (
    <ConversationWith
      otherId={otherUserId}
      embedded
      loadingClassName="flex flex-1 items-center justify-center"
      failed={() => (
        <p role="alert" className="m-auto p-6 text-center text-sm text-slate-600">
          {t('conversation.errorBody')}
        </p>
      )}
    />
  );
}
