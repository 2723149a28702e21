import { type ConversationSummary, ROLE } from '@ustaz/contract';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { type AuthUser, useAuth } from '../../shared/auth/auth-context.tsx';
import { ApiRequestError } from '../../shared/http/client.ts';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { viewerTimeZone } from '../../shared/lib/dates/formats.ts';
import { StudentReviewsSummary } from '../../shared/reviews/student-reviews-summary.tsx';
import { BookAgainWithTeacher } from '../../shared/teachers/book-again-with-teacher.tsx';
import { cx } from '../../shared/ui/class-names.ts';
import { ArrowLeft } from '../../shared/ui/icons.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useConversationWith } from './api/conversation-with.ts';
import { fullName } from './chat-avatar.tsx';
import { ConnectionBanner } from './connection-banner.tsx';
import { ConversationProblem } from './conversation-problem.tsx';
import { MessageComposer } from './message-composer.tsx';
import { MessageLog } from './message-log.tsx';
import { PartnerCard } from './partner-card.tsx';
import { useOtherTyping, useTypingSender } from './typing.ts';
import { useConversation } from './use-conversation.ts';
import { useConversationScroll } from './use-conversation-scroll.ts';
import { usePresence } from './use-presence.ts';

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
  const { userId } = useParams();
  const otherId = parseUserId(userId);
  if (otherId === null) return <ConversationProblem kind="notFound" />;
  return (
    <ConversationWith
      otherId={otherId}
      timeZone={timeZone}
      now={now}
      loadingClassName={cx(SCREEN, 'items-center justify-center')}
      failed={({ error, user, onRetry, retrying }) => {
        const status = error instanceof ApiRequestError ? error.status : 0;
        if (status === 404) return <ConversationProblem kind="notFound" />;
        // A teacher writes first only to a student who booked them or wrote to them.
        if (status === 403) return <ConversationProblem kind="forbidden" teacher={user.role.id === ROLE.teacher} />;
        return <ConversationProblem kind="error" onRetry={onRetry} retrying={retrying} />;
      }}
    />
  );
}

/**
 * The conversation with `otherId`, resolved (and created for a student and a teacher) once the
 * signed-in user is known: a spinner in a `loadingClassName` box until then, `failed` when it
 * cannot be opened, then the view (`embedded` fills its box; `timeZone` defaults to the viewer's).
 */
export function ConversationWith({
  otherId,
  timeZone,
  now,
  embedded = false,
  loadingClassName,
  failed,
}: {
  otherId: number;
  timeZone?: string;
  now?: Date;
  embedded?: boolean;
  loadingClassName: string;
  failed: (failure: { error: Error; user: AuthUser; onRetry: () => void; retrying: boolean }) => ReactNode;
}) {
  const { t } = useTranslation('chat');
  const { user } = useAuth();
  const summary = useConversationWith(otherId);
  const zone = useMemo(() => timeZone ?? viewerTimeZone(), [timeZone]);
  if (summary.isPending || !user) {
    return (
      <div className={cx(loadingClassName, 'text-primary')}>
        <Spinner size="lg" label={t('conversation.loading')} />
      </div>
    );
  }
  if (summary.isError) {
    return failed({ error: summary.error, user, onRetry: () => void summary.refetch(), retrying: summary.isFetching });
  }
  return (
    <ConversationView
      key={summary.data.conversationId}
      conversation={summary.data}
      myId={user.id}
      timeZone={zone}
      now={now}
      embedded={embedded}
    />
  );
}

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
  const { history, messages, pending, otherReadSeq, unread, send, retry } = useConversation(conversation, myId);
  const online = usePresence(conversation);
  const otherTyping = useOtherTyping(conversationId, otherUser.id);
  const typing = useTypingSender(conversationId);
  const scroll = useConversationScroll({ conversationId, myId, history, messages, pending, unread, otherTyping });

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
        {otherUser.role.id === ROLE.teacher ? (
          <BookAgainWithTeacher teacherUserId={otherUser.id} className="shrink-0" />
        ) : null}
      </header>
      {otherUser.role.id === ROLE.student ? (
        <StudentReviewsSummary
          studentId={otherUser.id}
          timeZone={timeZone}
          className="border-b border-slate-200 px-3 py-1 sm:px-5"
        />
      ) : null}
      <ConnectionBanner />
      <MessageLog
        {...scroll}
        history={history}
        messages={messages}
        pending={pending}
        otherReadSeq={otherReadSeq}
        retry={retry}
        myId={myId}
        otherUser={otherUser}
        name={fullName(otherUser)}
        otherTyping={otherTyping}
        timeZone={timeZone}
        now={now}
      />
      <MessageComposer onSend={(draft) => void send(draft)} onTyping={typing.onInput} onStopTyping={typing.stop} />
    </div>
  );
}
