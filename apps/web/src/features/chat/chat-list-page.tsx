import { useQueryClient } from '@tanstack/react-query';
import type { ChatMessage, ConversationSummary } from '@ustaz/contract';
import { ROLE } from '@ustaz/contract/constants';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../shared/auth/auth-context.tsx';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { viewerTimeZone } from '../../shared/lib/dates/formats.ts';
import { formatNumber } from '../../shared/lib/format.ts';
import { useRealtimeEvent } from '../../shared/realtime/use-realtime-event.ts';
import { buttonClasses } from '../../shared/ui/button.tsx';
import { cx } from '../../shared/ui/class-names.ts';
import { Check, CheckCheck, ImageIcon, MessagesSquare, Paperclip } from '../../shared/ui/icons.tsx';
import { QueryStates } from '../../shared/ui/query-states.tsx';
import { EmptyCard } from '../../shared/ui/state-card.tsx';
import { CONVERSATIONS_QUERY_KEY, useConversations } from './api/conversations.ts';
import { ChatAvatar, fullName } from './chat-avatar.tsx';
import { listTimeLabel } from './chat-format.ts';
import { ConnectionBanner } from './connection-banner.tsx';
import { withNewMessage, withRead, withStatus } from './conversation-list-state.ts';
import { useTypingConversations } from './typing.ts';

/**
 * /{lang}/chats: my conversations, latest activity first, each with the other user's photo and
 * presence, the last message, its time and the unread count; kept live from the realtime bus.
 */
export function ChatListPage({ timeZone, now }: { timeZone?: string; now?: Date }) {
  const { t } = useTranslation('chat');
  const { user } = useAuth();
  const myId = user?.id ?? null;
  const queryClient = useQueryClient();
  const conversations = useConversations();
  const typing = useTypingConversations(myId);
  const zone = useMemo(() => timeZone ?? viewerTimeZone(), [timeZone]);

  const update = (change: (list: ConversationSummary[]) => ConversationSummary[] | null) => {
    const list = queryClient.getQueryData<ConversationSummary[]>(CONVERSATIONS_QUERY_KEY);
    if (!list) return;
    const next = change(list);
    if (next) queryClient.setQueryData(CONVERSATIONS_QUERY_KEY, next);
    else void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY });
  };
  useRealtimeEvent('message:new', (message) => {
    if (myId !== null) update((list) => withNewMessage(list, message, myId));
  });
  useRealtimeEvent('message:read', (event) => {
    if (myId !== null) update((list) => withRead(list, event, myId));
  });
  useRealtimeEvent('user:status', (status) => update((list) => withStatus(list, status)));
  useRealtimeEvent('lastMessages', (list) => queryClient.setQueryData(CONVERSATIONS_QUERY_KEY, list));

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-black text-slate-900">{t('list.title')}</h1>
        <p className="text-slate-600">{t('list.subtitle')}</p>
      </header>
      <ConnectionBanner className="rounded-xl" />
      <section aria-label={t('list.title')} aria-busy={conversations.isFetching || undefined}>
        <QueryStates
          query={conversations}
          loading={<ListSkeleton label={t('list.loading')} />}
          error={{ title: t('list.errorTitle'), body: t('list.errorBody'), testId: 'chats-error' }}
          isEmpty={(list) => list.length === 0}
          empty={<EmptyState isTeacher={user?.role.id === ROLE.teacher} />}
        >
          {(list) => (
            <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
              {list.map((conversation) => (
                <li key={conversation.conversationId}>
                  <ConversationRow
                    conversation={conversation}
                    myId={myId}
                    typing={typing.has(conversation.conversationId)}
                    timeZone={zone}
                    now={now}
                  />
                </li>
              ))}
            </ul>
          )}
        </QueryStates>
      </section>
    </div>
  );
}

function ConversationRow({
  conversation,
  myId,
  typing,
  timeZone,
  now,
}: {
  conversation: ConversationSummary;
  myId: number | null;
  typing: boolean;
  timeZone: string;
  now: Date | undefined;
}) {
  const { t } = useTranslation('chat');
  const language = useCurrentLanguage();
  const { otherUser, lastMessage, unreadCount, online } = conversation;
  const name = fullName(otherUser);
  const time = lastMessage ? listTimeLabel(lastMessage.createdAt, now ?? new Date(), language, timeZone) : null;
  const unread = unreadCount > 0;
  return (
    <Link
      to={localePath(language, `/chats/${otherUser.id}`)}
      data-testid="conversation"
      className="flex items-center gap-3 px-4 py-3 transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-offset-[-2px]"
    >
      <ChatAvatar user={otherUser} online={online} />
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline gap-2">
          <p className={cx('min-w-0 flex-1 truncate text-slate-900', unread ? 'font-extrabold' : 'font-bold')}>
            <span dir="auto">{name}</span>
            {online ? <span className="sr-only">{` (${t('list.online')})`}</span> : null}
          </p>
          {time ? (
            <time
              dateTime={lastMessage?.createdAt}
              className={cx('shrink-0 text-xs', unread ? 'font-bold text-primary' : 'text-slate-500')}
            >
              {time.kind === 'yesterday' ? t('list.yesterday') : time.text}
            </time>
          ) : null}
        </div>
        <div className="mt-0.5 flex items-center gap-2">
          <p
            className={cx(
              'flex min-w-0 flex-1 items-center gap-1 truncate text-sm',
              typing ? 'font-semibold text-primary' : unread ? 'font-semibold text-slate-800' : 'text-slate-500',
            )}
            data-testid="conversation-preview"
          >
            {typing ? t('list.typing') : <Preview message={lastMessage} myId={myId} />}
          </p>
          {unread ? (
            <span
              className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-bold text-white"
              data-testid="unread-badge"
            >
              <span aria-hidden="true">{formatNumber(unreadCount, language)}</span>
              <span className="sr-only">
                {t('list.unread', { count: unreadCount, number: formatNumber(unreadCount, language) })}
              </span>
            </span>
          ) : null}
        </div>
      </div>
    </Link>
  );
}

function Preview({ message, myId }: { message: ChatMessage | null; myId: number | null }) {
  const { t } = useTranslation('chat');
  if (!message) return <span>{t('list.noMessages')}</span>;
  const mine = message.senderId === myId;
  const firstAttachment = message.attachments[0];
  const text = message.content.trim().split('\n')[0] ?? '';
  const isImage = firstAttachment?.mimeType.startsWith('image/') ?? false;
  return (
    <>
      {mine ? (
        message.readAt ? (
          <CheckCheck aria-hidden="true" className="size-4 shrink-0 text-sky-600" />
        ) : (
          <Check aria-hidden="true" className="size-4 shrink-0" />
        )
      ) : null}
      {mine ? <span className="shrink-0">{t('list.you')}</span> : null}
      {firstAttachment ? (
        isImage ? (
          <ImageIcon aria-hidden="true" className="size-4 shrink-0" />
        ) : (
          <Paperclip aria-hidden="true" className="size-4 shrink-0" />
        )
      ) : null}
      <span dir="auto" className="truncate">
        {text || (firstAttachment ? t(isImage ? 'list.photo' : 'list.attachment') : '')}
      </span>
    </>
  );
}

function EmptyState({ isTeacher }: { isTeacher: boolean }) {
  const { t } = useTranslation('chat');
  const language = useCurrentLanguage();
  return (
    <EmptyCard
      icon={<MessagesSquare aria-hidden="true" className="size-8 text-primary" />}
      title={t('list.emptyTitle')}
      body={t(isTeacher ? 'list.emptyTeacherBody' : 'list.emptyBody')}
      testId="chats-empty"
    >
      {isTeacher ? null : (
        <Link to={localePath(language, '/teachers')} className={buttonClasses({ variant: 'primary' })}>
          {t('list.findTeacher')}
        </Link>
      )}
    </EmptyCard>
  );
}

function ListSkeleton({ label }: { label: string }) {
  return (
    <div role="status" data-testid="chats-loading" className="flex flex-col gap-3">
      <span className="sr-only">{label}</span>
      {Array.from({ length: 4 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} aria-hidden="true" className="flex items-center gap-3 rounded-2xl bg-white p-3">
          <div className="size-11 animate-pulse rounded-full bg-slate-200" />
          <div className="flex flex-1 flex-col gap-2">
            <div className="h-4 w-1/3 animate-pulse rounded bg-slate-200" />
            <div className="h-3 w-2/3 animate-pulse rounded bg-slate-200/70" />
          </div>
        </div>
      ))}
    </div>
  );
}
