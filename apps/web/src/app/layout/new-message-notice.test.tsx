import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FALLBACK_WEBSITE_SETTINGS } from '@ustaz/contract';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import arCommon from '../../../public/locales/ar/common.json';
import enCommon from '../../../public/locales/en/common.json';
import { chatMessage, conversationSummary, publicUser } from '../../features/chat/chat-test-data.ts';
import { realtimeEvents } from '../../shared/realtime/realtime-events.ts';
import { useShownConversation } from '../../shared/realtime/shown-conversations.ts';
import { resetSettingsMemory } from '../../shared/settings/api.ts';
import { signedIn, student } from '../../shared/test/auth-test-data.ts';
import { mockApi, ok } from '../../shared/test/mock-api.ts';
import { renderAppRoute } from '../../shared/test/render-app-route.tsx';
import { AppToaster } from '../../shared/ui/toast.tsx';
import { Navbar } from './navbar.tsx';

const ME = student().id;
const SENDER = 42;

function Shell({ chatWith }: { chatWith?: number }) {
  return (
    <>
      {chatWith === undefined ? null : <ShownChat otherUserId={chatWith} />}
      <Navbar />
      <AppToaster />
      <p data-testid="where">{useLocation().pathname}</p>
    </>
  );
}

/** A chat panel showing the conversation with `otherUserId`, as the lesson room's does. */
function ShownChat({ otherUserId }: { otherUserId: number }) {
  useShownConversation(otherUserId);
  return null;
}

function incoming(id: number, content = 'Can we move Thursday’s lesson to 6 pm?') {
  return chatMessage({ id, seq: id, conversationId: 5, senderId: SENDER, recipientId: ME, content });
}

async function renderNavbar(language: 'ar' | 'en', path = '/teachers', chatWith?: number) {
  const api = mockApi({
    'GET /api/settings/website': ok(FALLBACK_WEBSITE_SETTINGS),
    'GET /api/notifications/count': ok({ count: 2 }),
    'GET /api/v1/chats': ok({
      data: [conversationSummary({ otherUser: publicUser({ id: SENDER, firstName: 'Mona', lastName: 'Al-Sabah' }) })],
    }),
  });
  const view = await renderAppRoute(<Shell chatWith={chatWith} />, { language, path, pattern: '/*', auth: signedIn() });
  return { api, ...view };
}

function bellBadges() {
  return screen.queryAllByTestId('notification-badge').map((badge) => badge.textContent);
}

beforeEach(() => resetSettingsMemory());
afterEach(() => {
  // The unread store outlives a render: read everything, as a reconnect with nothing unread would.
  act(() => realtimeEvents.emit('lastMessages', []));
});

describe('a chat message while the recipient is elsewhere in the app (issue 17)', () => {
  for (const [language, common] of [
    ['en', enCommon],
    ['ar', arCommon],
  ] as const) {
    it(`shows a toast with the sender and a preview whose button opens the conversation (${language})`, async () => {
      const { missing } = await renderNavbar(language);
      act(() =>
        realtimeEvents.emit(
          'message:new',
          incoming(language === 'en' ? 501 : 502, `Can we move the lesson? (${language})`),
        ),
      );
      const preview = await screen.findByText(`Can we move the lesson? (${language})`, {}, { timeout: 3000 });
      const item = preview.closest('li') as HTMLElement;
      expect(within(item).getByText('Mona Al-Sabah')).toBeTruthy();
      fireEvent.click(within(item).getByRole('button', { name: common.chatToast.open }));
      await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/${language}/chats/${SENDER}`));
      expect(missing).toEqual([]);
    });
  }

  it('counts it on the bell and on "Chats" until the conversation is read', async () => {
    await renderNavbar('en');
    await waitFor(() => expect(bellBadges()[0]).toBe('2'));
    expect(screen.queryAllByTestId('chats-unread-badge')).toEqual([]);
    act(() => {
      realtimeEvents.emit('message:new', incoming(601));
      realtimeEvents.emit('message:new', incoming(602));
    });
    await waitFor(() => expect(bellBadges()[0]).toBe('4'));
    const chatsBadges = screen.getAllByTestId('chats-unread-badge');
    expect(chatsBadges.map((badge) => badge.textContent)).toContain('2');
    expect(screen.getAllByRole('link', { name: /Chats\s*2 unread/ }).length).toBeGreaterThan(0);

    act(() =>
      realtimeEvents.emit('message:read', {
        conversationId: 5,
        readerId: ME,
        messageIds: [601, 602],
        lastReadSeq: 602,
        readAt: '2026-03-10T08:05:00.000Z',
      }),
    );
    await waitFor(() => expect(bellBadges()[0]).toBe('2'));
    expect(screen.queryAllByTestId('chats-unread-badge')).toEqual([]);
  });

  it('on that conversation itself: no toast (the message shows there)', async () => {
    await renderNavbar('en', `/chats/${SENDER}`);
    act(() => realtimeEvents.emit('message:new', incoming(701, 'seen here already')));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText('seen here already')).toBeNull();
  });

  it('in the lesson room, whose chat panel shows that conversation: no toast (issue 30 item 11)', async () => {
    await renderNavbar('en', '/lessons/7', SENDER);
    act(() => realtimeEvents.emit('message:new', incoming(702, 'seen in the room chat')));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText('seen in the room chat')).toBeNull();
  });

  it('in the lesson room with a chat panel for someone else: the toast shows', async () => {
    await renderNavbar('en', '/lessons/7', SENDER + 1);
    act(() => realtimeEvents.emit('message:new', incoming(703, 'from another chat')));
    expect(await screen.findByText('from another chat')).toBeTruthy();
  });

  it('my own message (sent from another tab) makes no toast and counts nothing', async () => {
    await renderNavbar('en');
    await waitFor(() => expect(bellBadges()[0]).toBe('2'));
    act(() =>
      realtimeEvents.emit(
        'message:new',
        chatMessage({ id: 801, senderId: ME, recipientId: SENDER, content: 'sent by me elsewhere' }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText('sent by me elsewhere')).toBeNull();
    expect(bellBadges()[0]).toBe('2');
  });
});
