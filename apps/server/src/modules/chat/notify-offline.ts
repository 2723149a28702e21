import { type ChatMessage, DEFAULT_LANGUAGE } from '@ustaz/contract';
import { nameIn } from '../../http/language.ts';
import { insertNotifications } from '../notifications/notifications.service.ts';
import { findUser } from './chat.repo.ts';
import type { ChatContext } from './chat-context.ts';

/**
 * A stored message whose recipient has no live socket becomes a notification (after the
 * message is stored and sent, so the sender never waits for it).
 */
export async function notifyIfOffline(ctx: ChatContext, message: ChatMessage, recipientOnline: boolean): Promise<void> {
  const { db } = ctx;
  if (recipientOnline) return;
  const [sender, recipient] = await Promise.all([findUser(db, message.senderId), findUser(db, message.recipientId)]);
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
}
