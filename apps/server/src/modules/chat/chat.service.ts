import type { ChatMessage, Language, SendMessage } from '@ustaz/contract';
import type { Db } from '../../db/client.ts';
import type { ChatContext, Members, Presence } from './chat-context.ts';
import { membersOf, participantConversation } from './chat-members.ts';
import { counterparts, type HistoryQuery, history, list, withUser } from './conversations.ts';
import { markRead } from './mark-read.ts';
import { notifyIfOffline } from './notify-offline.ts';
import { send } from './send-message.ts';

export type { Presence } from './chat-context.ts';

/**
 * Chat (ARCHITECTURE "Chat"): one conversation per student-teacher pair; messages are stored
 * before anyone is told, numbered per conversation, stored once per client message id; only the
 * two participants can read or write.
 */
export function createChatService({ db, presence }: { db: Db; presence: Presence }) {
  const ctx: ChatContext = {
    db,
    presence,
    teacherMayWrite: new Set<string>(),
    membersById: new Map<number, Members>(),
    conversationTo: new Map<string, number>(),
  };

  return {
    participantConversation: (userId: number, conversationId: number) =>
      participantConversation(ctx, userId, conversationId),

    members: (userId: number, conversationId: number) => membersOf(ctx, userId, conversationId),

    /** The conversation with another user, created when the two are a student and a teacher. */
    withUser: (userId: number, otherId: number, language?: Language) => withUser(ctx, userId, otherId, language),

    /**
     * The user's conversations. A teacher does not see the ones a student opened without writing
     * (the teacher could not answer them yet).
     */
    list: (userId: number, language?: Language) => list(ctx, userId, language),

    history: (userId: number, conversationId: number, query: HistoryQuery) =>
      history(ctx, userId, conversationId, query),

    /**
     * Stores a message (once per client message id) and returns it with whether it is new.
     * (`notifyIfOffline` then tells a recipient who has no live socket.)
     */
    send: (userId: number, input: SendMessage & { content: string; attachments: string[] }) => send(ctx, userId, input),

    /**
     * A stored message whose recipient has no live socket becomes a notification (after the
     * message is stored and sent, so the sender never waits for it).
     */
    notifyIfOffline: (message: ChatMessage, recipientOnline: boolean) => notifyIfOffline(ctx, message, recipientOnline),

    /** Everything up to `messageId` is read by `userId`; null when nothing changed. */
    markRead: (userId: number, input: { conversationId?: number | undefined; messageId: number }) =>
      markRead(ctx, userId, input),

    /** The users someone has conversations with (told when they come online or go offline). */
    counterparts: (userId: number) => counterparts(ctx, userId),
  };
}

export type ChatService = ReturnType<typeof createChatService>;
