import type { ChatMessage, PublicUser } from '@ustaz/contract';
import { type RefObject, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { isolate } from '../../shared/lib/bidi.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { dayLabel, groupByDay } from './chat-format.ts';
import type { PendingMessage } from './conversation-messages.ts';
import { type BubbleStatus, MessageBubble } from './message-bubble.tsx';
import { TypingIndicator } from './typing-indicator.tsx';
import type { useConversation } from './use-conversation.ts';

type Item = { kind: 'stored'; message: ChatMessage } | { kind: 'pending'; pending: PendingMessage };

type Conversation = ReturnType<typeof useConversation>;

type MessageLogProps = Pick<Conversation, 'history' | 'messages' | 'pending' | 'otherReadSeq' | 'retry'> & {
  scroller: RefObject<HTMLDivElement | null>;
  onScroll: () => void;
  loadOlder: () => void;
  myId: number;
  otherUser: Pick<PublicUser, 'firstName'>;
  name: string;
  otherTyping: boolean;
  timeZone: string;
  now: Date | undefined;
};

/**
 * The conversation's messages (role log): the loading and error states, the button for earlier
 * messages, then the messages and those on their way, grouped by day, and the typing indicator.
 */
export function MessageLog({ scroller, onScroll, loadOlder, history, messages, pending, ...rest }: MessageLogProps) {
  const { t } = useTranslation('chat');
  const { otherUser, otherTyping } = rest;
  const items: Item[] = useMemo(
    () => [
      ...messages.map((message): Item => ({ kind: 'stored', message })),
      ...pending.map((item): Item => ({ kind: 'pending', pending: item })),
    ],
    [messages, pending],
  );

  return (
    <div
      ref={scroller}
      onScroll={onScroll}
      role="log"
      aria-label={t('conversation.messagesLabel', { name: isolate(rest.name) })}
      aria-busy={history.isFetching || undefined}
      className="flex flex-1 flex-col gap-1 overflow-y-auto overscroll-contain bg-slate-50 px-3 py-4 sm:px-5"
      data-testid="messages"
    >
      {history.isPending ? (
        <div className="flex flex-1 items-center justify-center text-primary">
          <Spinner size="lg" label={t('conversation.loading')} />
        </div>
      ) : history.isError && !history.data ? (
        <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-3 text-center">
          <p className="text-slate-600">{t('conversation.errorBody')}</p>
          <Button variant="outline" onClick={() => void history.refetch()} loading={history.isFetching}>
            {t('retry', { ns: 'common' })}
          </Button>
        </div>
      ) : (
        <>
          {history.hasNextPage ? (
            <div className="flex flex-col items-center gap-2 pb-2">
              {history.isFetchNextPageError ? (
                <p role="alert" className="text-sm text-red-700">
                  {t('conversation.olderError')}
                </p>
              ) : null}
              <Button variant="ghost" size="sm" onClick={loadOlder} loading={history.isFetchingNextPage}>
                {history.isFetchNextPageError ? t('retry', { ns: 'common' }) : t('conversation.loadOlder')}
              </Button>
            </div>
          ) : null}
          {items.length === 0 ? (
            <p className="m-auto max-w-xs text-center text-slate-500" data-testid="conversation-empty">
              {t('conversation.empty', { name: isolate(otherUser.firstName) })}
            </p>
          ) : null}
          <DayGroups items={items} {...rest} />
        </>
      )}
      {otherTyping ? <TypingIndicator name={otherUser.firstName} /> : null}
    </div>
  );
}

type DayGroupsProps = Pick<MessageLogProps, 'myId' | 'otherReadSeq' | 'retry' | 'timeZone' | 'now'> & {
  items: Item[];
};

/** The messages, a section for each day under its sticky heading (today, yesterday or the date). */
function DayGroups({ items, myId, otherReadSeq, retry, timeZone, now }: DayGroupsProps) {
  const { t } = useTranslation('chat');
  const language = useCurrentLanguage();
  const groups = useMemo(
    () =>
      groupByDay(items, (item) => (item.kind === 'stored' ? item.message.createdAt : item.pending.createdAt), timeZone),
    [items, timeZone],
  );

  function statusOf(message: ChatMessage): BubbleStatus {
    if (message.senderId !== myId) return 'received';
    return message.readAt || message.seq <= otherReadSeq ? 'read' : 'sent';
  }

  function dayText(instant: string): string {
    const label = dayLabel(instant, now ?? new Date(), language, timeZone);
    return label.kind === 'date' ? label.text : t(`conversation.${label.kind}`);
  }

  return groups.map((group) => (
    <section key={group.day} aria-label={dayText(group.first)} className="flex flex-col gap-1.5">
      <h2 className="sticky top-0 z-10 my-2 self-center rounded-full bg-white/95 px-3 py-1 text-xs font-semibold text-slate-600 shadow-sm">
        {dayText(group.first)}
      </h2>
      {group.items.map((item) =>
        item.kind === 'stored' ? (
          <MessageBubble
            key={`m-${item.message.id}`}
            content={item.message.content}
            attachments={item.message.attachments}
            createdAt={item.message.createdAt}
            status={statusOf(item.message)}
            timeZone={timeZone}
          />
        ) : (
          <MessageBubble
            key={`p-${item.pending.clientMessageId}`}
            testId="pending-message"
            content={item.pending.content}
            attachments={item.pending.attachments}
            createdAt={item.pending.createdAt}
            status={item.pending.status}
            timeZone={timeZone}
            onRetry={() => void retry(item.pending)}
          />
        ),
      )}
    </section>
  ));
}
