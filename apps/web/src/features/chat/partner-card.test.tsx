import { screen, waitFor, within } from '@testing-library/react';
import type { MessageAck, SendMessage } from '@ustaz/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '../../../public/locales/ar/chat.json';
import en from '../../../public/locales/en/chat.json';
import { setConnectionState } from '../../shared/realtime/connection-state.ts';
import { signedIn, testUser } from '../../shared/test/auth-test-data.ts';
import { mockApi, ok } from '../../shared/test/mock-api.ts';
import { renderAppRoute } from '../../shared/test/render-app-route.tsx';
import { conversationSummary, publicUser, TEACHER_ID } from './chat-test-data.ts';
import { ConversationPage } from './conversation-page.tsx';

const socket = vi.hoisted(() => ({
  sendMessage: vi.fn<(payload: SendMessage) => Promise<MessageAck>>(),
  startTyping: vi.fn(),
  stopTyping: vi.fn(),
  markRead: vi.fn(async () => {}),
  trackConversation: vi.fn(() => () => {}),
  reconnectChatSocket: vi.fn(),
}));
vi.mock('../../shared/realtime/chat-socket.ts', () => socket);

/** The conversation's copy of the teacher (Latin), and her profile as GET /api/v1/auth/users/42 gives it per language. */
const PROFILES = {
  ar: publicUser({ firstName: 'منى', lastName: 'الصباح', photo: { id: 'p1', path: '/api/v1/files/p1' } }),
  en: publicUser({ firstName: 'Mona', lastName: 'Al-Sabah', photo: { id: 'p1', path: '/api/v1/files/p1' } }),
};

function api(profile: { status: number; body?: unknown }) {
  return mockApi({
    [`GET /api/v1/chats/with/${TEACHER_ID}`]: ok(
      conversationSummary({ otherUser: publicUser({ firstName: 'M.', lastName: 'S.' }) }),
    ),
    'GET /api/v1/chats/5/messages': ok({ data: [], hasMore: false }),
    [`GET /api/v1/auth/users/${TEACHER_ID}`]: profile,
  });
}

function renderPage(language: 'ar' | 'en') {
  return renderAppRoute(<ConversationPage timeZone="Asia/Kuwait" now={new Date('2026-03-10T09:00:00Z')} />, {
    language,
    path: `/chats/${TEACHER_ID}`,
    pattern: '/chats/:userId',
    auth: signedIn(testUser()),
  });
}

beforeEach(() => setConnectionState('connected'));

describe("the chat header's card of the other party (issue 30 item 25)", () => {
  it.each([
    ['ar', ar, 'منى الصباح'],
    ['en', en, 'Mona Al-Sabah'],
  ] as const)(
    '%s: shows her profile from GET /api/v1/auth/users/{id}, in the page language',
    async (language, texts, name) => {
      const { callsTo } = api(ok(PROFILES[language]));
      renderPage(language);
      const card = await screen.findByTestId('chat-partner-card');
      await waitFor(() => expect(within(card).getByRole('heading').textContent).toBe(name));
      expect(within(card).getByTestId('presence').textContent).toContain(texts.conversation.roles.teacher);
      expect(card.querySelector('img')?.getAttribute('src')).toContain('/api/v1/files/p1');
      expect(callsTo(`GET /api/v1/auth/users/${TEACHER_ID}`)).toHaveLength(1);
    },
  );

  it("keeps the conversation's copy of her when the profile call fails", async () => {
    api({ status: 500, body: { status: 500, message: 'Internal server error' } });
    renderPage('en');
    const card = await screen.findByTestId('chat-partner-card');
    await waitFor(() => expect(card.getAttribute('aria-busy')).toBeNull());
    expect(within(card).getByRole('heading').textContent).toBe('M. S.');
  });
});
