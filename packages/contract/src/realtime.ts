import { z } from 'zod';
import { publicUserSchema } from './auth.ts';
import { NOTIFICATIONS } from './constants.ts';
import { rowIdSchema } from './discovery.ts';
import {
  LESSON_EVENTS,
  type LessonAck,
  type LessonJoin,
  type LessonSignal,
  type LessonSignalEvent,
} from './lessons.ts';
import { listResponseSchema, pagingQuery } from './list.ts';

/**
 * Chat, presence and notifications (spec 3 "Chat message", "Typing", "Read", "User status",
 * "Notification"; spec 7 "Realtime" and "Settings and notifications"; ARCHITECTURE "Chat").
 * Socket events carry these payloads in both directions; REST serves history and paging.
 */

export const CHAT_LIMITS = {
  contentMaxLength: 4000,
  attachmentsMax: 5,
  historyPageSize: 30,
  clientMessageIdMaxLength: 64,
} as const;

/** Socket event names (spec 7 "Realtime"). */
export const SOCKET_EVENTS = {
  // client -> server
  message: 'message',
  typingStart: 'typing:start',
  typingStop: 'typing:stop',
  markRead: 'mark:read',
  getLastMessages: 'getLastMessages',
  /** A new access token for the open socket, sent before the old one expires (issue 19). */
  authRenew: 'auth:renew',
  // server -> client
  messageNew: 'message:new',
  userTyping: 'user:typing',
  messageRead: 'message:read',
  userStatus: 'user:status',
  userStatusLegacy: 'userStatus',
  lastMessages: 'lastMessages',
  notification: 'notification',
} as const;

export const chatAttachmentSchema = z.object({
  id: z.string(),
  url: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
});
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

export const chatMessageSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  /** Per conversation, 1, 2, 3...: a client that saw `seq` n fetches `afterSeq=n` after a reconnect. */
  seq: z.number().int(),
  senderId: z.number().int(),
  recipientId: z.number().int(),
  content: z.string(),
  attachments: z.array(chatAttachmentSchema),
  /** The sender's own id for the message (idempotent resend); null for others' view when unknown. */
  clientMessageId: z.string().nullable(),
  createdAt: z.string(),
  /** When the recipient read it (null until then). */
  readAt: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Client -> server `message`, acknowledged with `MessageAck`. */
export const sendMessageSchema = z
  .strictObject({
    conversationId: rowIdSchema.optional(),
    recipientId: rowIdSchema,
    content: z.string().max(CHAT_LIMITS.contentMaxLength).default(''),
    /** Ids of files uploaded with POST /api/v1/files/upload by the sender. */
    attachments: z.array(z.uuid()).max(CHAT_LIMITS.attachmentsMax).default([]),
    /**
     * Optional (the spec's payload has none): with one, a resend of the same id is stored once and
     * answered with the first message; without one, every send is a new message.
     */
    clientMessageId: z.string().min(1).max(CHAT_LIMITS.clientMessageIdMaxLength).optional(),
  })
  .refine((value) => value.content.trim().length > 0 || value.attachments.length > 0, {
    message: 'empty',
    path: ['content'],
  });
export type SendMessage = z.input<typeof sendMessageSchema>;

export type MessageAck =
  | { ok: true; message: ChatMessage }
  | { ok: false; error: { code: string; message: string; fields?: Record<string, string> } };

export const typingSchema = z.strictObject({ conversationId: rowIdSchema });
export type TypingPayload = z.infer<typeof typingSchema>;
export type UserTypingEvent = { conversationId: number; userId: number; typing: boolean };

/**
 * `auth:renew`: the open socket takes a new access token of the same user and session, so it
 * outlives the token it connected with. Acknowledged `{ ok: true }`, or `{ ok: false, error }` and
 * the socket keeps its old token (and closes when that one expires).
 */
export const authRenewSchema = z.strictObject({ token: z.string().min(1).max(4096) });
export type AuthRenewPayload = z.infer<typeof authRenewSchema>;
export type AuthRenewAck = { ok: true } | { ok: false; error: { code: string; message: string } };

/** `mark:read`: everything up to and including `messageId` in its conversation is read. */
export const markReadSchema = z.strictObject({
  conversationId: rowIdSchema.optional(),
  messageId: rowIdSchema,
});
export type MarkReadPayload = z.infer<typeof markReadSchema>;
export type MessageReadEvent = {
  conversationId: number;
  readerId: number;
  messageIds: number[];
  lastReadSeq: number;
  readAt: string;
};

export const USER_STATUSES = ['online', 'offline'] as const;
export type UserStatusEvent = { userId: number; status: 'online' | 'offline'; online: boolean };

export const conversationSummarySchema = z.object({
  conversationId: z.number().int(),
  otherUser: publicUserSchema,
  lastMessage: chatMessageSchema.nullable(),
  unreadCount: z.number().int(),
  online: z.boolean(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;
export const conversationsResponseSchema = z.object({ data: z.array(conversationSummarySchema) });
export type ConversationsResponse = z.infer<typeof conversationsResponseSchema>;

export const messagesQuerySchema = z.object({
  /** Older than this seq (scrolling back); without it, the newest page. */
  beforeSeq: z.coerce.number().int().min(1).optional(),
  /** Newer than this seq (catching up after a reconnect). */
  afterSeq: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CHAT_LIMITS.historyPageSize),
});
export const messagesResponseSchema = z.object({
  data: z.array(chatMessageSchema),
  /** More in the asked direction. */
  hasMore: z.boolean(),
});
export type MessagesResponse = z.infer<typeof messagesResponseSchema>;
/** POST /api/v1/chats/:id/read, the REST twin of `mark:read`. */
export const chatReadBodySchema = z.strictObject({ messageId: rowIdSchema });
export const chatReadResponseSchema = z.object({ ok: z.literal(true) });

// Notifications --------------------------------------------------------------------------------

export const notificationSchema = z.object({
  id: z.number().int(),
  /** e.g. booking.confirmed, booking.cancelled, payment.paid, message.new, review.new. */
  type: z.string(),
  data: z.record(z.string(), z.unknown()),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.object({
  /** Accepted for the spec's client, which sends it; the signed-in user is always the one served. */
  userId: z.coerce.number().int().optional(),
  ...pagingQuery(50, NOTIFICATIONS.pageSize),
  unreadOnly: z.enum(['true', 'false']).optional(),
});
export const notificationsResponseSchema = listResponseSchema(notificationSchema).extend({
  unreadCount: z.number().int(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;
/** GET /api/notifications/count: `userId` is accepted like on the list, and likewise ignored. */
export const notificationCountQuerySchema = z.object({ userId: z.coerce.number().int().optional() });
/** The unread count (GET /count), or how many were marked read (PATCH /mark-all-as-read). */
export const notificationCountResponseSchema = z.object({ count: z.number().int() });
export type NotificationCountResponse = z.infer<typeof notificationCountResponseSchema>;

// Socket events ---------------------------------------------------------------------------------

/** `mark:read` is acknowledged with `{ ok: true }` or the same error shape as `message`. */
export type MarkReadAck = { ok: true } | (MessageAck & { ok: false });

/**
 * What the server emits, by event (spec 7 "Realtime"): the server's socket.io `Server` and the web
 * realtime bus are both typed by it. `userStatus` repeats `user:status` for older clients.
 */
export type ServerToClientEvents = {
  [SOCKET_EVENTS.messageNew]: (message: ChatMessage) => void;
  [SOCKET_EVENTS.userTyping]: (event: UserTypingEvent) => void;
  [SOCKET_EVENTS.messageRead]: (event: MessageReadEvent) => void;
  [SOCKET_EVENTS.userStatus]: (event: UserStatusEvent) => void;
  [SOCKET_EVENTS.userStatusLegacy]: (event: UserStatusEvent) => void;
  [SOCKET_EVENTS.lastMessages]: (conversations: ConversationSummary[]) => void;
  [SOCKET_EVENTS.notification]: (notification: AppNotification) => void;
  [LESSON_EVENTS.signal]: (event: LessonSignalEvent) => void;
};

/** What a client emits, by event; the server still validates every payload with the schemas above. */
export type ClientToServerEvents = {
  [SOCKET_EVENTS.message]: (payload: SendMessage, ack: (answer: MessageAck) => void) => void;
  [SOCKET_EVENTS.typingStart]: (payload: TypingPayload) => void;
  [SOCKET_EVENTS.typingStop]: (payload: TypingPayload) => void;
  [SOCKET_EVENTS.markRead]: (payload: MarkReadPayload, ack: (answer: MarkReadAck) => void) => void;
  [SOCKET_EVENTS.getLastMessages]: (ack?: (conversations: ConversationSummary[]) => void) => void;
  [SOCKET_EVENTS.authRenew]: (payload: AuthRenewPayload, ack: (answer: AuthRenewAck) => void) => void;
  [LESSON_EVENTS.join]: (payload: LessonJoin, ack: (answer: LessonAck) => void) => void;
  [LESSON_EVENTS.leave]: (payload: LessonJoin, ack?: (answer: LessonAck) => void) => void;
  [LESSON_EVENTS.signal]: (payload: LessonSignal, ack?: (answer: LessonAck) => void) => void;
  [LESSON_EVENTS.connected]: (payload: LessonJoin, ack?: (answer: LessonAck) => void) => void;
};
