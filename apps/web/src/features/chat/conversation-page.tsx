import { type ChatMessage, type ConversationSummary, ROLE } from '@ustaz/contract';
import { ArrowLeft, MessageCircleOff, TriangleAlert, UserX } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAuth } from '../../shared/auth/auth-context.tsx';
import { ApiRequestError } from '../../shared/http/client.ts';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { isolate } from '../../shared/lib/bidi.ts';
import { viewerTimeZone } from '../../shared/lib/dates/formats.ts';
import { markRead } from '../../shared/realtime/chat-socket.ts';
import { useRealtimeEvent } from '../../shared/realtime/use-realtime-event.ts';
import { StudentReviewsSummary } from '../../shared/reviews/student-reviews-summary.tsx';
import { Button, buttonClasses } from '../../shared/ui/button.tsx';
import { cx } from '../../shared/ui/class-names.ts';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useConversationWith } from './api/conversation-with.ts';
import { fullName } from './chat-avatar.tsx';
import { dayLabel, groupByDay } from './chat-format.ts';
import { ConnectionBanner } from './connection-banner.tsx';
import type { PendingMessage } from './conversation-messages.ts';
import { type BubbleStatus, MessageBubble } from './message-bubble.tsx';
import { MessageComposer } from './message-composer.tsx';
import { PartnerCard } from './partner-card.tsx';
import { TYPING_SHOWN_MS, useTypingSender } from './typing.ts';
import { useConversation } from './use-conversation.ts';

/** Within this distance of the bottom the list counts as "at the newest message". */
const NEAR_BOTTOM_PX = 120;
/** Scrolling this close to the top loads the earlier messages. */
const LOAD_OLDER_AT_PX = 80;

function parseUserId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The chat screen fills the viewport under the 4rem navigation bar; the message box stays at the bottom. */
const SCREEN = 'mx-auto flex h-[calc(100dvh-4rem)] w-full max-w-3xl flex-col bg-white sm:border-x sm:border-slate-200';

/** Inside another screen (the lesson room): fills the box it is given. */
const EMBEDDED = 'flex h-full min-h-0 w-full flex-col bg-white';

/**
 * /{lang}/chats/{userId}: the conversation with another user (their id in the address). It is
 * resolved (and created for a student and a teacher) with GET /api/v1/chats/with/{userId}.
 */
export function ConversationPage({ timeZone, now }: { timeZone?: string; now?: Date }) {
  const { t } = useTranslation('chat');
  const { userId } = useParams();
  const { user } = useAuth();
  const otherId = parseUserId(userId);
  const summary = useConversationWith(otherId);
  const zone = useMemo(() => timeZone ?? viewerTimeZone(), [timeZone]);

  if (otherId === null) return <Problem kind="notFound" />;
  if (summary.isPending || !user) {
    return (
      <div className={cx(SCREEN, 'items-center justify-center text-primary')}>
        <Spinner size="lg" label={t('conversation.loading')} />
      </div>
    );
  }
  if (summary.isError) {
    const status = summary.error instanceof ApiRequestError ? summary.error.status : 0;
    if (status === 404) return <Problem kind="notFound" />;
    // A teacher writes first only to a student who booked them or wrote to them.
    if (status === 403) return <Problem kind="forbidden" teacher={user.role.id === ROLE.teacher} />;
    return <Problem kind="error" onRetry={() => void summary.refetch()} retrying={summary.isFetching} />;
  }
  return (
    <ConversationView
      key={summary.data.conversationId}
      conversation={summary.data}
      myId={user.id}
      timeZone={zone}
      now={now}
    />
  );
}

type Item = { kind: 'stored'; message: ChatMessage } | { kind: 'pending'; pending: PendingMessage };

/** The conversation's header, messages and composer; `embedded` fills its box (the lesson room's side panel). */
export function ConversationView({
  conversation,
  myId,
  timeZone,
  now,
  embedded = false,
}: {
  conversation: ConversationSummary;
  myId: number;
  timeZone: string;
  now: Date | undefined;
  embedded?: boolean;
}) {
  const { t } = useTranslation('chat');
  const language = useCurrentLanguage();
  const { conversationId, otherUser } = conversation;
  const name = fullName(otherUser);
  const { history, messages, pending, otherReadSeq, unread, send, retry } = useConversation(conversation, myId);
  const online = usePresence(conversation);
  const otherTyping = useOtherTyping(conversationId, otherUser.id);
  const typing = useTypingSender(conversationId);

  const scroller = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const olderAnchor = useRef<{ height: number; top: number } | null>(null);
  const scrolledOnce = useRef(false);
  const markedUpTo = useRef(0);

  const scrollToBottom = useCallback(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
    nearBottom.current = true;
  }, []);

  const loadOlder = useCallback(() => {
    const element = scroller.current;
    if (!history.hasNextPage || history.isFetchingNextPage) return;
    olderAnchor.current = element ? { height: element.scrollHeight, top: element.scrollTop } : null;
    void history.fetchNextPage();
  }, [history]);

  /** mark:read with the newest message from the other user, once it can be seen. */
  const markIfSeen = useCallback(() => {
    if (!unread || unread.id <= markedUpTo.current) return;
    if (document.visibilityState === 'hidden' || !nearBottom.current) return;
    markedUpTo.current = unread.id;
    void markRead({ conversationId, messageId: unread.id });
  }, [unread, conversationId]);

  useEffect(() => {
    markIfSeen();
    document.addEventListener('visibilitychange', markIfSeen);
    return () => document.removeEventListener('visibilitychange', markIfSeen);
  }, [markIfSeen]);

  // Earlier messages keep what was on screen in place; new ones scroll down when the reader was
  // at the bottom or sent them.
  const firstSeq = messages[0]?.seq ?? 0;
  const last = messages.at(-1);
  const newestKey = `${last?.id ?? 0}:${pending.length}:${otherTyping}`;
  const newestMine = pending.length > 0 || last?.senderId === myId;
  useLayoutEffect(() => {
    const element = scroller.current;
    const anchor = olderAnchor.current;
    if (element && anchor && firstSeq > 0) {
      element.scrollTop = anchor.top + (element.scrollHeight - anchor.height);
      olderAnchor.current = null;
    }
  }, [firstSeq]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest entry changes (newestKey)
  useLayoutEffect(() => {
    if (!history.isSuccess) return;
    if (!scrolledOnce.current || nearBottom.current || newestMine) scrollToBottom();
    scrolledOnce.current = true;
  }, [newestKey, newestMine, history.isSuccess, scrollToBottom]);

  // Images that finish loading grow the list: stay at the bottom if the reader was there.
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onLoad = () => {
      if (nearBottom.current) scrollToBottom();
    };
    element.addEventListener('load', onLoad, true);
    return () => element.removeEventListener('load', onLoad, true);
  }, [scrollToBottom]);

  function onScroll() {
    const element = scroller.current;
    if (!element) return;
    nearBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
    if (element.scrollTop < LOAD_OLDER_AT_PX && scrolledOnce.current) loadOlder();
    markIfSeen();
  }

  const items: Item[] = useMemo(
    () => [
      ...messages.map((message): Item => ({ kind: 'stored', message })),
      ...pending.map((item): Item => ({ kind: 'pending', pending: item })),
    ],
    [messages, pending],
  );
  const groups = useMemo(
    () =>
      groupByDay(items, (item) => (item.kind === 'stored' ? item.message.createdAt : item.pending.createdAt), timeZone),
    [items, timeZone],
  );

  function statusOf(message: ChatMessage): BubbleStatus {
    if (message.senderId !== myId) return 'received';
    return message.readAt || message.seq <= otherReadSeq ? 'read' : 'sent';
  }

  return (
    <div className={embedded ? EMBEDDED : SCREEN} data-testid="conversation-page">
      <header className="flex items-center gap-3 border-b border-slate-200 px-2 py-2 sm:px-4">
        <Link
          to={localePath(language, '/chats')}
          aria-label={t('conversation.back')}
          title={t('conversation.back')}
          className="flex size-11 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 hover:text-primary"
        >
          <ArrowLeft aria-hidden="true" className="size-5 rtl:-scale-x-100" />
        </Link>
        <PartnerCard user={otherUser} online={online} />
      </header>
      {otherUser.role.id === ROLE.student ? (
        <StudentReviewsSummary
          studentId={otherUser.id}
          timeZone={timeZone}
          className="border-b border-slate-200 px-3 py-1 sm:px-5"
        />
      ) : null}
      <ConnectionBanner />
      <div
        ref={scroller}
        onScroll={onScroll}
        role="log"
        aria-label={t('conversation.messagesLabel', { name: isolate(name) })}
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
            {groups.map((group) => (
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
            ))}
          </>
        )}
        {otherTyping ? <TypingIndicator name={otherUser.firstName} /> : null}
      </div>
      <MessageComposer onSend={(draft) => void send(draft)} onTyping={typing.onInput} onStopTyping={typing.stop} />
    </div>
  );

  function dayText(instant: string): string {
    const label = dayLabel(instant, now ?? new Date(), language, timeZone);
    return label.kind === 'date' ? label.text : t(`conversation.${label.kind}`);
  }
}

function TypingIndicator({ name }: { name: string }) {
  const { t } = useTranslation('chat');
  return (
    <div className="flex items-center gap-2 pt-2 text-sm text-slate-500" data-testid="typing-indicator">
      <span aria-hidden="true" className="flex gap-1 rounded-2xl rounded-es-md bg-white px-3 py-2.5 shadow-sm">
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            className="size-1.5 animate-bounce rounded-full bg-slate-400"
            style={{ animationDelay: `${delay}ms` }}
          />
        ))}
      </span>
      <span>{t('conversation.typing', { name: isolate(name) })}</span>
    </div>
  );
}

/** The other user's presence: from the conversation, then user:status and the lastMessages list. */
function usePresence(conversation: ConversationSummary): boolean {
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

/** Whether the other user is typing in this conversation (expires after 6 s without news). */
function useOtherTyping(conversationId: number, otherId: number): boolean {
  const [typing, setTyping] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const set = useCallback((on: boolean) => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = on ? setTimeout(() => setTyping(false), TYPING_SHOWN_MS) : null;
    setTyping(on);
  }, []);
  useRealtimeEvent('user:typing', (event) => {
    if (event.conversationId === conversationId && event.userId === otherId) set(event.typing);
  });
  useRealtimeEvent('message:new', (message) => {
    if (message.conversationId === conversationId && message.senderId === otherId) set(false);
  });
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  return typing;
}

function Problem({
  kind,
  onRetry,
  retrying,
  teacher = false,
}: {
  kind: 'notFound' | 'forbidden' | 'error';
  onRetry?: () => void;
  retrying?: boolean;
  /** The viewer is a teacher (a refused chat then says when a teacher may write). */
  teacher?: boolean;
}) {
  const { t } = useTranslation('chat');
  const language = useCurrentLanguage();
  const Icon = { notFound: UserX, forbidden: MessageCircleOff, error: TriangleAlert }[kind];
  return (
    <div
      className="mx-auto flex w-full max-w-xl flex-col items-center gap-3 px-6 py-20 text-center"
      data-testid="conversation-problem"
      data-kind={kind}
    >
      <Icon aria-hidden="true" className={cx('size-10', kind === 'error' ? 'text-red-700' : 'text-primary')} />
      <h1 className="text-2xl font-extrabold text-slate-900">{t(`conversation.${kind}Title`)}</h1>
      <p className="text-slate-600">
        {t(kind === 'forbidden' && teacher ? 'conversation.forbiddenTeacherBody' : `conversation.${kind}Body`)}
      </p>
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        {onRetry ? (
          <Button onClick={onRetry} loading={retrying}>
            {t('retry', { ns: 'common' })}
          </Button>
        ) : null}
        <Link to={localePath(language, '/chats')} className={buttonClasses({ variant: 'outline' })}>
          {t('conversation.back')}
        </Link>
      </div>
    </div>
  );
}
