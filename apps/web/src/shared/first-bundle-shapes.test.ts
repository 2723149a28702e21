import {
  FALLBACK_WEBSITE_SETTINGS,
  type MessagesResponse,
  messagesResponseSchema,
  userSchema,
  websiteSettingsSchema,
} from '@ustaz/contract';
import { describe, expect, it } from 'vitest';
import { fetchCurrentUser } from './auth/session-api.ts';
import { getMessages } from './realtime/chat-api.ts';
import { websiteSettingsShape } from './settings/settings-shape.ts';
import { testUser } from './test/auth-test-data.ts';
import { mockApi, ok } from './test/mock-api.ts';

/**
 * The first bundle checks its few answers (the user, the website settings, a page of chat
 * messages) with light shapes instead of the contract's zod schemas (zod and the contract add
 * about 30 KB gzip to the first load). These tests hold each shape to its schema: what the server
 * sends passes both, and the broken answers below fail both.
 */

const message = {
  id: 1,
  conversationId: 2,
  seq: 1,
  senderId: 3,
  recipientId: 4,
  content: 'Hello',
  attachments: [],
  clientMessageId: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  readAt: null,
};

describe('first-bundle shapes agree with the contract', () => {
  it('GET /auth/me: a user passes; an answer without a numeric id or a role is "no user"', async () => {
    const user = testUser();
    expect(userSchema.safeParse(user).success).toBe(true);
    mockApi({ 'GET /api/v1/auth/me': ok(user) });
    await expect(fetchCurrentUser()).resolves.toEqual(user);
    for (const broken of [null, { ...user, id: '1' }, { ...user, role: null }, []]) {
      expect(userSchema.safeParse(broken).success).toBe(false);
      mockApi({ 'GET /api/v1/auth/me': ok(broken) });
      await expect(fetchCurrentUser()).resolves.toBeNull();
    }
  });

  it('GET /settings/website: the settings pass; a wrong field fails', () => {
    expect(websiteSettingsSchema.safeParse(FALLBACK_WEBSITE_SETTINGS).success).toBe(true);
    expect(websiteSettingsShape.safeParse(FALLBACK_WEBSITE_SETTINGS).success).toBe(true);
    for (const broken of [
      null,
      { ...FALLBACK_WEBSITE_SETTINGS, appName: 5 },
      {
        ...FALLBACK_WEBSITE_SETTINGS,
        additional: { ...FALLBACK_WEBSITE_SETTINGS.additional, enableRegistration: 'yes' },
      },
    ]) {
      expect(websiteSettingsSchema.safeParse(broken).success).toBe(false);
      expect(websiteSettingsShape.safeParse(broken).success).toBe(false);
    }
  });

  it('GET /chats/:id/messages: a page passes; a page without hasMore or with a broken message fails', async () => {
    const page: MessagesResponse = { data: [message], hasMore: false };
    expect(messagesResponseSchema.safeParse(page).success).toBe(true);
    mockApi({ 'GET /api/v1/chats/2/messages': ok(page) });
    await expect(getMessages(2)).resolves.toEqual(page);
    for (const broken of [{ data: [message] }, { data: [{ ...message, seq: '1' }], hasMore: false }, [message]]) {
      expect(messagesResponseSchema.safeParse(broken).success).toBe(false);
      mockApi({ 'GET /api/v1/chats/2/messages': ok(broken) });
      await expect(getMessages(2)).rejects.toMatchObject({ body: { code: 'invalidResponse' } });
    }
  });
});
