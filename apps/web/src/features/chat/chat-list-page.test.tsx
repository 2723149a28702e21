import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '../../../public/locales/ar/chat.json';
import en from '../../../public/locales/en/chat.json';
import { setConnectionState } from '../../shared/realtime/connection-state.ts';
import { realtimeEvents } from '../../shared/realtime/realtime-events.ts';
import { signedIn, testUser } from '../../shared/test/auth-test-data.ts';
import { mockApi, ok } from '../../shared/test/mock-api.ts';
import { renderAppRoute } from '../../shared/test/render-app-route.tsx';
import { ChatListPage } from './chat-list-page.tsx';
import { chatMessage, conversationSummary, myMessage, publicUser } from './chat-test-data.ts';

const socket = vi.hoisted(() => ({
  reconnectChatSocket: vi.fn(),
  startTyping: vi.fn(),
  stopTyping: vi.fn(),
}));
vi.mock('../../shared/realtime/chat-socket.ts', () => socket);

const ZONE = 'Asia/Kuwait';
const NOW = new Date('2026-03-10T09:00:00.000Z');

const huda = publicUser({ id: 77, firstName: 'Huda', lastName: 'Al-Ali', photo: { id: 'p', path: '/api/v1/files/p' } });
const conversations = [
  conversationSummary({
    conversationId: 5,
    lastMessage: chatMessage({
      id: 10,
      seq: 3,
      content: 'See you tomorrow\nat six',
      createdAt: '2026-03-10T06:00:00.000Z',
    }),
    unreadCount: 2,
    online: true,
  }),
  conversationSummary({
    conversationId: 9,
    otherUser: huda,
    lastMessage: myMessage({
      id: 20,
      conversationId: 9,
      seq: 7,
      recipientId: 77,
      content: '',
      attachments: [{ id: 'f1', url: '/api/v1/files/f1', mimeType: 'image/png', size: 2048 }],
      createdAt: '2026-03-09T06:00:00.000Z',
      readAt: '2026-03-09T07:00:00.000Z',
    }),
  }),
];

function renderPage(language: 'ar' | 'en' = 'en', auth = signedIn(testUser())) {
  return renderAppRoute(<ChatListPage timeZone={ZONE} now={NOW} />, { language, path: '/chats', auth });
}

beforeEach(() => {
  setConnectionState('connected');
});

afterEach(() => {
  setConnectionState('disconnected');
});

const rows = () => screen.getAllByTestId('conversation');

describe('ChatListPage', () => {
  it('lists the conversations: photo, name, presence, preview, time, unread count and link', async () => {
    mockApi({ 'GET /api/v1/chats': ok({ data: conversations }) });
    const { missing } = await renderPage();
    expect(screen.getByTestId('chats-loading')).toBeTruthy();
    expect(await screen.findAllByTestId('conversation')).toHaveLength(2);
    const [first, second] = rows();
    if (!first || !second) throw new Error('two rows expected');
    expect(first.getAttribute('href')).toBe('/en/chats/42');
    expect(within(first).getByText('Mona Al-Sabah').getAttribute('dir')).toBe('auto');
    expect(within(first).getByTestId('online-dot')).toBeTruthy();
    expect(within(first).getByText('See you tomorrow')).toBeTruthy();
    expect(within(first).getByText('9:00 AM')).toBeTruthy();
    expect(within(first).getByTestId('unread-badge').textContent).toContain('2');
    expect(within(first).getByText('2 unread messages')).toBeTruthy();

    expect(second.getAttribute('href')).toBe('/en/chats/77');
    expect(within(second).queryByTestId('online-dot')).toBeNull();
    expect(within(second).getByTestId('avatar-image').getAttribute('src')).toBe('/api/v1/files/p');
    expect(within(second).getByTestId('conversation-preview').textContent).toBe(`${en.list.you}${en.list.photo}`);
    expect(within(second).getByText(en.list.yesterday)).toBeTruthy();
    expect(within(second).queryByTestId('unread-badge')).toBeNull();
    expect(screen.queryByTestId('connection-banner')).toBeNull();
    expect(missing).toEqual([]);
  });

  it('in Arabic: Arabic digits and texts', async () => {
    mockApi({ 'GET /api/v1/chats': ok({ data: conversations }) });
    const { missing } = await renderPage('ar');
    const [first, second] = await screen.findAllByTestId('conversation');
    expect(first?.getAttribute('href')).toBe('/ar/chats/42');
    expect(within(first as HTMLElement).getByText('٩:٠٠ ص')).toBeTruthy();
    expect(within(first as HTMLElement).getByTestId('unread-badge').textContent).toContain('٢');
    expect(within(first as HTMLElement).getByText(ar.list.unread_two)).toBeTruthy();
    expect(within(second as HTMLElement).getByText(ar.list.yesterday)).toBeTruthy();
    expect(missing).toEqual([]);
  });

  it('shows the empty state with a link to the teachers for a student, without it for a teacher', async () => {
    mockApi({ 'GET /api/v1/chats': ok({ data: [] }) });
    const { unmount } = await renderPage();
    expect(await screen.findByRole('heading', { name: en.list.emptyTitle })).toBeTruthy();
    expect(screen.getByRole('link', { name: en.list.findTeacher }).getAttribute('href')).toBe('/en/teachers');
    unmount();
    await renderPage('en', signedIn(testUser({ role: { id: 2, name: 'teacher' } })));
    expect(await screen.findByText(en.list.emptyTeacherBody)).toBeTruthy();
    expect(screen.queryByRole('link', { name: en.list.findTeacher })).toBeNull();
  });

  it('shows an error with a retry that loads the list', async () => {
    let calls = 0;
    mockApi({
      'GET /api/v1/chats': () => {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { status: 500, message: 'Internal error' } }
          : ok({ data: conversations });
      },
    });
    await renderPage();
    const error = await screen.findByTestId('chats-error');
    expect(within(error).getByRole('heading', { name: en.list.errorTitle })).toBeTruthy();
    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('conversation')).toHaveLength(2);
  });

  it('stays live: new messages move up and count, reads clear the count, presence and typing show', async () => {
    const api = mockApi({ 'GET /api/v1/chats': ok({ data: conversations }) });
    await renderPage();
    await screen.findAllByTestId('conversation');
    const row = (userId: number) => {
      const found = rows().find((element) => element.getAttribute('href') === `/en/chats/${userId}`);
      if (!found) throw new Error(`no row for user ${userId}`);
      return found;
    };

    act(() =>
      realtimeEvents.emit(
        'message:new',
        chatMessage({
          id: 30,
          conversationId: 9,
          seq: 8,
          senderId: 77,
          content: 'مرحبا',
          createdAt: NOW.toISOString(),
        }),
      ),
    );
    await waitFor(() => expect(rows()[0]?.getAttribute('href')).toBe('/en/chats/77'));
    expect(within(row(77)).getByText('مرحبا')).toBeTruthy();
    expect(within(row(77)).getByTestId('unread-badge').textContent).toContain('1');

    act(() =>
      realtimeEvents.emit('message:read', {
        conversationId: 5,
        readerId: 8,
        messageIds: [10],
        lastReadSeq: 3,
        readAt: NOW.toISOString(),
      }),
    );
    await waitFor(() => expect(within(row(42)).queryByTestId('unread-badge')).toBeNull());

    act(() => realtimeEvents.emit('user:status', { userId: 77, status: 'online', online: true }));
    await waitFor(() => expect(within(row(77)).getByTestId('online-dot')).toBeTruthy());

    act(() => realtimeEvents.emit('user:typing', { conversationId: 5, userId: 42, typing: true }));
    expect(within(row(42)).getByTestId('conversation-preview').textContent).toBe(en.list.typing);
    act(() => realtimeEvents.emit('user:typing', { conversationId: 5, userId: 42, typing: false }));
    expect(within(row(42)).getByText('See you tomorrow')).toBeTruthy();

    // A message of a conversation not in the list fetches the list again.
    act(() => realtimeEvents.emit('message:new', chatMessage({ id: 40, conversationId: 12, seq: 1, senderId: 90 })));
    await waitFor(() => expect(api.callsTo('GET /api/v1/chats')).toHaveLength(2));

    // The socket's lastMessages answer replaces the list.
    act(() => realtimeEvents.emit('lastMessages', [conversationSummary({ conversationId: 5, unreadCount: 0 })]));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('says when the chat is not connected, with a reconnect button after a failure', async () => {
    mockApi({ 'GET /api/v1/chats': ok({ data: conversations }) });
    await renderPage();
    await screen.findAllByTestId('conversation');
    act(() => setConnectionState('connecting'));
    expect(screen.getByTestId('connection-banner').textContent).toContain(en.connection.connecting);
    expect(screen.queryByRole('button', { name: en.connection.reconnect })).toBeNull();
    act(() => setConnectionState('error'));
    expect(screen.getByTestId('connection-banner').textContent).toContain(en.connection.error);
    await userEvent.click(screen.getByRole('button', { name: en.connection.reconnect }));
    expect(socket.reconnectChatSocket).toHaveBeenCalledTimes(1);
    act(() => setConnectionState('connected'));
    expect(screen.queryByTestId('connection-banner')).toBeNull();
  });
});
