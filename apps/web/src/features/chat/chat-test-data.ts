import type { ChatMessage, ConversationSummary, PublicUser } from '@ustaz/contract';

/** Test data: the signed-in student (testUser(), id 8) and the teacher they chat with (id 42). */
export const ME_ID = 8;
export const TEACHER_ID = 42;

export function publicUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: TEACHER_ID,
    firstName: 'Mona',
    lastName: 'Al-Sabah',
    role: { id: 2, name: 'teacher' },
    photo: null,
    ...overrides,
  };
}

export function chatMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 1,
    conversationId: 5,
    seq: 1,
    senderId: TEACHER_ID,
    recipientId: ME_ID,
    content: 'أهلاً مريم، كيف أساعدك؟',
    attachments: [],
    clientMessageId: null,
    createdAt: '2026-03-10T08:00:00.000Z',
    readAt: null,
    ...overrides,
  };
}

/** A message the signed-in user sent. */
export function myMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return chatMessage({ senderId: ME_ID, recipientId: TEACHER_ID, content: 'I have a question', ...overrides });
}

export function conversationSummary(overrides: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    conversationId: 5,
    otherUser: publicUser(),
    lastMessage: chatMessage(),
    unreadCount: 0,
    online: false,
    ...overrides,
  };
}
