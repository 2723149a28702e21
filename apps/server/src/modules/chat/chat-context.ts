import type { Db } from '../../db/client.ts';
import type { ConversationRow } from '../../db/schema.ts';

export type Presence = {
  /** Which of these users have at least one live socket (any process). */
  onlineAmong(userIds: number[]): Promise<Set<number>>;
};

/** Who a conversation is between: fixed for its whole life. */
export type Members = Pick<ConversationRow, 'id' | 'studentId' | 'teacherId'>;

/** What the chat service's operations share, built once by `createChatService`. */
export type ChatContext = {
  db: Db;
  presence: Presence;
  /**
   * Pairs whose teacher may write (`student:teacher`). Once allowed, always allowed: a reservation
   * of any status and a sent message both stay, so the answer is remembered in this process.
   */
  teacherMayWrite: Set<string>;
  /**
   * Who each conversation is between (a conversation's student and teacher never change), and the
   * conversation a user writes in to another (`from:to`): a message is then stored with no look-up.
   */
  membersById: Map<number, Members>;
  conversationTo: Map<string, number>;
};
