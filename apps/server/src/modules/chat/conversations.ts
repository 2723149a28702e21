import type { ConversationSummary, Language } from '@ustaz/contract';
import type { ConversationRow } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { toChatMessage, toConversationSummary } from './chat.presenter.ts';
import { conversationsOf, lastMessages, messagesPage, unreadCounts, usersByIds } from './chat.repo.ts';
import type { ChatContext } from './chat-context.ts';
import { conversationWith, otherOf, participantConversation, remember } from './chat-members.ts';

/** Reading conversations: the user's list, one with another user, a page of messages. */

async function summaries(
  ctx: ChatContext,
  userId: number,
  rows: ConversationRow[],
  language?: Language,
): Promise<ConversationSummary[]> {
  const { db, presence } = ctx;
  const others = rows.map((row) => otherOf(row, userId));
  const [people, last, unread, online] = await Promise.all([
    usersByIds(db, others),
    lastMessages(
      db,
      rows.map((row) => row.id),
    ),
    unreadCounts(db, userId, rows),
    presence.onlineAmong(others),
  ]);
  const personById = new Map(people.map((person) => [person.id, person]));
  const lastById = new Map(last.map((message) => [message.conversationId, message]));
  return rows.flatMap((row) => {
    const other = personById.get(otherOf(row, userId));
    if (!other) return [];
    const message = lastById.get(row.id);
    return [toConversationSummary(row, other, message, unread.get(row.id) ?? 0, online.has(other.id), language)];
  });
}

/** The conversation with another user, created when the two are a student and a teacher. */
export async function withUser(
  ctx: ChatContext,
  userId: number,
  otherId: number,
  language?: Language,
): Promise<ConversationSummary> {
  const conversation = await conversationWith(ctx, userId, otherId);
  remember(ctx, conversation);
  const [summary] = await summaries(ctx, userId, [conversation], language);
  if (!summary) throw new HttpError(404, 'notFound', 'User not found');
  return summary;
}

/**
 * The user's conversations. A teacher does not see the ones a student opened without writing
 * (the teacher could not answer them yet).
 */
export async function list(ctx: ChatContext, userId: number, language?: Language): Promise<ConversationSummary[]> {
  const rows = await conversationsOf(ctx.db, userId);
  return summaries(
    ctx,
    userId,
    rows.filter((row) => row.teacherId !== userId || row.lastSeq > 0),
    language,
  );
}

export type HistoryQuery = { beforeSeq?: number | undefined; afterSeq?: number | undefined; limit: number };

export async function history(ctx: ChatContext, userId: number, conversationId: number, query: HistoryQuery) {
  const conversation = await participantConversation(ctx, userId, conversationId);
  const { rows, hasMore } = await messagesPage(ctx.db, conversationId, query);
  return { data: rows.map((row) => toChatMessage(row, conversation)), hasMore };
}

/** The users someone has conversations with (told when they come online or go offline). */
export async function counterparts(ctx: ChatContext, userId: number): Promise<number[]> {
  return (await conversationsOf(ctx.db, userId)).map((row) => otherOf(row, userId));
}
