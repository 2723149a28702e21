import { randomUUID } from 'node:crypto';
import {
  type ChatMessage,
  type ConversationSummary,
  DEFAULT_LANGUAGE,
  type Language,
  type MessageReadEvent,
  ROLE,
  type SendMessage,
} from '@ustaz/contract';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { ConversationRow } from '../../db/schema.ts';
import { storableText } from '../../db/storable-text.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import { nameIn } from '../../http/language.ts';
import { toPublicUser } from '../auth/user.presenter.ts';
import { insertNotifications } from '../notifications/notifications.service.ts';
import { toChatMessage } from './chat.presenter.ts';
import {
  advanceRead,
  attachableFiles,
  conversationsOf,
  ensureConversation,
  FilesTakenError,
  findByClientId,
  findConversation,
  findMessage,
  findPairConversation,
  findUser,
  hasBooked,
  hasWritten,
  lastMessages,
  messageIdsBetween,
  messagesPage,
  storeMessageWithFiles,
  storeTextMessage,
  unreadCounts,
  usersByIds,
} from './chat.repo.ts';

export type Presence = {
  /** Which of these users have at least one live socket (any process). */
  onlineAmong(userIds: number[]): Promise<Set<number>>;
};

/** Who a conversation is between: fixed for its whole life. */
type Members = Pick<ConversationRow, 'id' | 'studentId' | 'teacherId'>;

const otherOf = (conversation: Members, userId: number) =>
  conversation.studentId === userId ? conversation.teacherId : conversation.studentId;

const isParticipant = (conversation: Members, userId: number) =>
  conversation.studentId === userId || conversation.teacherId === userId;

/** The in-process caches forget everything past this many entries (they fill again on use). */
const CACHE_MAX = 100_000;

/**
 * Chat (ARCHITECTURE "Chat"): one conversation per student-teacher pair; messages are stored
 * before anyone is told, numbered per conversation, stored once per client message id; only the
 * two participants can read or write.
 */
export function createChatService({ db, presence }: { db: Db; presence: Presence }) {
  /**
   * Pairs whose teacher may write (`student:teacher`). Once allowed, always allowed: a reservation
   * of any status and a sent message both stay, so the answer is remembered in this process.
   */
  const teacherMayWrite = new Set<string>();
  /**
   * Who each conversation is between (a conversation's student and teacher never change), and the
   * conversation a user writes in to another (`from:to`): a message is then stored with no look-up.
   */
  const membersById = new Map<number, Members>();
  const conversationTo = new Map<string, number>();
  const remember = (conversation: Members): Members => {
    if (membersById.size >= CACHE_MAX) membersById.clear();
    if (conversationTo.size >= CACHE_MAX) conversationTo.clear();
    const members = { id: conversation.id, studentId: conversation.studentId, teacherId: conversation.teacherId };
    membersById.set(members.id, members);
    conversationTo.set(`${members.studentId}:${members.teacherId}`, members.id);
    conversationTo.set(`${members.teacherId}:${members.studentId}`, members.id);
    return members;
  };
  const forget = (members: Members) => {
    membersById.delete(members.id);
    conversationTo.delete(`${members.studentId}:${members.teacherId}`);
    conversationTo.delete(`${members.teacherId}:${members.studentId}`);
  };

  /**
   * A teacher writes first only to a student who booked them or who wrote to them: no cold
   * messages to students found elsewhere. Students may write to any teacher.
   */
  async function assertTeacherMayWrite(studentId: number, teacherId: number): Promise<void> {
    const key = `${studentId}:${teacherId}`;
    if (teacherMayWrite.has(key)) return;
    let allowed = await hasBooked(db, studentId, teacherId);
    if (!allowed) {
      const conversation = await findPairConversation(db, studentId, teacherId);
      allowed = conversation !== undefined && (await hasWritten(db, conversation.id, studentId));
    }
    if (!allowed) {
      throw new HttpError(
        403,
        'forbidden',
        'A teacher can message a student only after the student booked them or wrote to them',
      );
    }
    if (teacherMayWrite.size >= 100_000) teacherMayWrite.clear();
    teacherMayWrite.add(key);
  }

  async function participantConversation(userId: number, conversationId: number): Promise<ConversationRow> {
    const conversation = await findConversation(db, conversationId);
    // 404 for strangers too: whether a conversation exists is not theirs to know.
    if (!conversation || !isParticipant(conversation, userId)) {
      throw new HttpError(404, 'notFound', 'Conversation not found');
    }
    remember(conversation);
    return conversation;
  }

  /** Who a conversation of the user is between, from memory after its first use (404 for strangers). */
  async function membersOf(userId: number, conversationId: number): Promise<Members> {
    const known = membersById.get(conversationId);
    return known && isParticipant(known, userId) ? known : participantConversation(userId, conversationId);
  }

  /** The conversation of a message being sent, from memory after its first use. */
  async function membersFor(userId: number, input: { conversationId?: number | undefined; recipientId: number }) {
    if (input.conversationId !== undefined) {
      const members = await membersOf(userId, input.conversationId);
      if (otherOf(members, userId) !== input.recipientId) throw new FieldValidationError({ recipientId: 'invalid' });
      return members;
    }
    const known = conversationTo.get(`${userId}:${input.recipientId}`);
    const members = known === undefined ? undefined : membersById.get(known);
    return members ?? remember(await conversationWith(userId, input.recipientId));
  }

  /** The conversation with another user, created when the two are a student and a teacher who may write. */
  async function conversationWith(userId: number, otherId: number): Promise<ConversationRow> {
    if (otherId === userId) throw new HttpError(403, 'forbidden', 'You cannot message yourself');
    const [me, other] = await Promise.all([findUser(db, userId), findUser(db, otherId)]);
    if (!me || !other || other.status !== 'active') throw new HttpError(404, 'notFound', 'User not found');
    const pair =
      me.roleId === ROLE.student && other.roleId === ROLE.teacher
        ? { studentId: me.id, teacherId: other.id }
        : me.roleId === ROLE.teacher && other.roleId === ROLE.student
          ? { studentId: other.id, teacherId: me.id }
          : null;
    if (!pair) throw new HttpError(403, 'forbidden', 'Chats are between a student and a teacher');
    if (me.roleId === ROLE.teacher) await assertTeacherMayWrite(pair.studentId, pair.teacherId);
    return ensureConversation(db, pair.studentId, pair.teacherId);
  }

  async function summaries(
    userId: number,
    rows: ConversationRow[],
    language?: Language,
  ): Promise<ConversationSummary[]> {
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
      return [
        {
          conversationId: row.id,
          otherUser: toPublicUser(other, language),
          lastMessage: message ? toChatMessage(message, row) : null,
          unreadCount: unread.get(row.id) ?? 0,
          online: online.has(other.id),
        },
      ];
    });
  }

  return {
    participantConversation,

    members: membersOf,

    /** The conversation with another user, created when the two are a student and a teacher. */
    async withUser(userId: number, otherId: number, language?: Language): Promise<ConversationSummary> {
      const conversation = await conversationWith(userId, otherId);
      remember(conversation);
      const [summary] = await summaries(userId, [conversation], language);
      if (!summary) throw new HttpError(404, 'notFound', 'User not found');
      return summary;
    },

    /**
     * The user's conversations. A teacher does not see the ones a student opened without writing
     * (the teacher could not answer them yet).
     */
    async list(userId: number, language?: Language): Promise<ConversationSummary[]> {
      const rows = await conversationsOf(db, userId);
      return summaries(
        userId,
        rows.filter((row) => row.teacherId !== userId || row.lastSeq > 0),
        language,
      );
    },

    async history(
      userId: number,
      conversationId: number,
      query: { beforeSeq?: number | undefined; afterSeq?: number | undefined; limit: number },
    ) {
      const conversation = await participantConversation(userId, conversationId);
      const { rows, hasMore } = await messagesPage(db, conversationId, query);
      return { data: rows.map((row) => toChatMessage(row, conversation)), hasMore };
    },

    /**
     * Stores a message (once per client message id) and returns it with whether it is new.
     * (`notifyIfOffline` then tells a recipient who has no live socket.) A text message to a known
     * conversation is one statement (STORE_MESSAGE in chat.repo.ts); with attachments, they are
     * checked, then bound and the message stored in one transaction (BEGIN, 2 statements, COMMIT).
     */
    async send(
      userId: number,
      input: SendMessage & { content: string; attachments: string[] },
    ): Promise<{ message: ChatMessage; created: boolean }> {
      const members = await membersFor(userId, input);
      if (members.teacherId === userId) await assertTeacherMayWrite(members.studentId, userId);
      const uniqueIds = [...new Set(input.attachments)];
      // Without the client's id (the spec's payload), one of the server's: the message is new.
      const clientMessageId = input.clientMessageId ?? `server:${randomUUID()}`;
      const values = {
        conversationId: members.id,
        senderId: userId,
        clientMessageId,
        content: storableText(input.content.trim()),
      };
      try {
        let stored: Awaited<ReturnType<typeof storeTextMessage>>;
        if (uniqueIds.length === 0) {
          stored = await storeTextMessage(db, values);
        } else {
          const attachments = await attachableFiles(db, userId, members.id, uniqueIds);
          if (attachments.length !== uniqueIds.length) throw new FieldValidationError({ attachments: 'invalid' });
          // The images become this conversation's (private to its two participants) with the message.
          stored = await storeMessageWithFiles(db, { ...values, attachments }, uniqueIds).catch((error: unknown) => {
            throw error instanceof FilesTakenError ? new FieldValidationError({ attachments: 'invalid' }) : error;
          });
        }
        if (stored) return { message: toChatMessage(stored.row, stored.marks), created: stored.created };
      } catch (error) {
        // Two sends of one client id at once: the second finds the first's row (below).
        if (!isUniqueViolation(error)) throw error;
      }
      const again = await findByClientId(db, members.id, userId, clientMessageId);
      if (again) {
        const conversation = await findConversation(db, members.id);
        if (conversation) return { message: toChatMessage(again, conversation), created: false };
      }
      // The conversation is gone (a participant's account was deleted).
      forget(members);
      throw new HttpError(404, 'notFound', 'Conversation not found');
    },

    /**
     * A stored message whose recipient has no live socket becomes a notification (after the
     * message is stored and sent, so the sender never waits for it).
     */
    async notifyIfOffline(message: ChatMessage, recipientOnline: boolean): Promise<void> {
      if (recipientOnline) return;
      const [sender, recipient] = await Promise.all([
        findUser(db, message.senderId),
        findUser(db, message.recipientId),
      ]);
      // The sender's name in the recipient's language where the sender spelled it for it (ADR 020).
      const senderName = sender ? nameIn(recipient?.language ?? DEFAULT_LANGUAGE, sender) : null;
      await insertNotifications(db, [
        {
          userId: message.recipientId,
          type: 'message.new',
          data: {
            conversationId: message.conversationId,
            senderId: message.senderId,
            senderName: senderName ? `${senderName.firstName} ${senderName.lastName}`.trim() : '',
            // Cut by code points: a preview never ends in half an emoji (jsonb refuses that).
            preview: Array.from(message.content).slice(0, 140).join(''),
          },
        },
      ]);
    },

    /** Everything up to `messageId` is read by `userId`; null when nothing changed. */
    async markRead(
      userId: number,
      input: { conversationId?: number | undefined; messageId: number },
    ): Promise<{ event: MessageReadEvent; otherUserId: number } | null> {
      const message = await findMessage(db, input.messageId);
      if (!message || (input.conversationId !== undefined && message.conversationId !== input.conversationId)) {
        throw new HttpError(404, 'notFound', 'Message not found');
      }
      const conversation = await participantConversation(userId, message.conversationId);
      const side = conversation.studentId === userId ? 'student' : 'teacher';
      const moved = await advanceRead(db, conversation, side, message.seq);
      if (!moved) return null;
      const messageIds = await messageIdsBetween(db, conversation.id, userId, moved.from, message.seq);
      return {
        event: {
          conversationId: conversation.id,
          readerId: userId,
          messageIds,
          lastReadSeq: message.seq,
          readAt: moved.readAt.toISOString(),
        },
        otherUserId: otherOf(conversation, userId),
      };
    },

    /** The users someone has conversations with (told when they come online or go offline). */
    async counterparts(userId: number): Promise<number[]> {
      return (await conversationsOf(db, userId)).map((row) => otherOf(row, userId));
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
