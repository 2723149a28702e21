import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ChatMessage, type MessageAck, type SendMessage, STORAGE_KEYS } from '@ustaz/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '../../../public/locales/ar/chat.json';
import en from '../../../public/locales/en/chat.json';
import { setConnectionState } from '../../shared/realtime/connection-state.ts';
import { realtimeEvents } from '../../shared/realtime/realtime-events.ts';
import { signedIn, testUser } from '../../shared/test/auth-test-data.ts';
import { type ApiCall, mockApi, ok } from '../../shared/test/mock-api.ts';
import { renderAppRoute } from '../../shared/test/render-app-route.tsx';
import { chatMessage, conversationSummary, myMessage, TEACHER_ID } from './chat-test-data.ts';
import { ConversationPage } from './conversation-page.tsx';

const socket = vi.hoisted(() => ({
  sendMessage: vi.fn<(payload: SendMessage) => Promise<MessageAck>>(),
  startTyping: vi.fn<(conversationId: number) => void>(),
  stopTyping: vi.fn<(conversationId: number) => void>(),
  markRead: vi.fn(async (_payload: { conversationId: number; messageId: number }) => {}),
  trackConversation: vi.fn((_conversationId: number, _lastSeq: number) => () => {}),
  reconnectChatSocket: vi.fn(),
}));
vi.mock('../../shared/realtime/chat-socket.ts', () => socket);

const ZONE = 'Asia/Kuwait';
const NOW = new Date('2026-03-10T09:00:00.000Z');

/** Yesterday (Kuwait) two messages, today one from the teacher and my reply (not read yet). */
const history: ChatMessage[] = [
  chatMessage({ id: 11, seq: 1, content: 'Welcome to the course', createdAt: '2026-03-09T07:00:00.000Z' }),
  myMessage({
    id: 12,
    seq: 2,
    content: 'Thank you!',
    createdAt: '2026-03-09T07:05:00.000Z',
    readAt: NOW.toISOString(),
  }),
  chatMessage({ id: 13, seq: 3, content: 'Any questions about chapter 3?', createdAt: '2026-03-10T06:00:00.000Z' }),
  myMessage({ id: 14, seq: 4, content: 'Yes, one', createdAt: '2026-03-10T06:01:00.000Z' }),
];

type Deferred<T> = { promise: Promise<T>; resolve: (value: T) => void };
function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function chatApi({
  summary = ok(conversationSummary({ online: false })),
  pages = [{ data: history, hasMore: false }],
  extra = {},
}: {
  summary?: { status: number; body?: unknown };
  pages?: Array<{ data: ChatMessage[]; hasMore: boolean }>;
  extra?: Parameters<typeof mockApi>[0];
} = {}) {
  return mockApi({
    [`GET /api/v1/chats/with/${TEACHER_ID}`]: summary,
    'GET /api/v1/chats/5/messages': (call: ApiCall) => {
      const before = call.search.get('beforeSeq');
      const page = before ? pages.find((p) => p.data.at(-1) && (p.data.at(-1)?.seq ?? 0) < Number(before)) : pages[0];
      return ok(page ?? { data: [], hasMore: false });
    },
    'POST /api/v1/files/upload': {
      status: 201,
      body: {
        file: {
          id: 'b9c6a5f0-1c1e-4a77-9d1d-1c2b3a4d5e6f',
          path: '/api/v1/files/b9c6a5f0-1c1e-4a77-9d1d-1c2b3a4d5e6f',
        },
      },
    },
    ...extra,
  });
}

function renderPage({
  language = 'en',
  path = `/chats/${TEACHER_ID}`,
  auth = signedIn(testUser()),
}: {
  language?: 'ar' | 'en';
  path?: string;
  auth?: ReturnType<typeof signedIn>;
} = {}) {
  return renderAppRoute(<ConversationPage timeZone={ZONE} now={NOW} />, {
    language,
    path,
    pattern: '/chats/:userId',
    auth,
  });
}

/** Text without the bidi isolation marks around interpolated names. */
const plain = (text: string | null) => (text ?? '').replace(/[\u2068\u2069]/g, '');

const bubbles = () => screen.getAllByTestId('message');
const composer = () => screen.getByRole('textbox', { name: en.composer.label });

beforeEach(() => {
  setConnectionState('connected');
  socket.trackConversation.mockImplementation(() => () => {});
  socket.markRead.mockImplementation(async () => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
  setConnectionState('disconnected');
});

describe('ConversationPage', () => {
  it.each(['en', 'ar'] as const)(
    '%s: shows the other user, the messages by day, mine on the end side with sent/read ticks',
    async (language) => {
      const texts = language === 'ar' ? ar : en;
      const api = chatApi();
      const { missing } = await renderPage({ language });
      expect(await screen.findByRole('heading', { level: 1, name: 'Mona Al-Sabah' })).toBeTruthy();
      expect(screen.getByTestId('presence').textContent).toContain(texts.conversation.offline);
      expect(screen.getByTestId('presence').textContent).toContain(texts.conversation.roles.teacher);
      expect(screen.getByRole('link', { name: texts.conversation.back }).getAttribute('href')).toBe(
        `/${language}/chats`,
      );

      await waitFor(() => expect(bubbles()).toHaveLength(4));
      const days = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
      expect(days).toEqual([texts.conversation.yesterday, texts.conversation.today]);
      expect(bubbles().map((bubble) => bubble.getAttribute('data-status'))).toEqual([
        'received',
        'read',
        'received',
        'sent',
      ]);
      expect(
        within(bubbles()[0] as HTMLElement)
          .getByText('Welcome to the course')
          .getAttribute('dir'),
      ).toBe('auto');
      expect((bubbles()[1] as HTMLElement).className).toContain('justify-end');
      expect((bubbles()[0] as HTMLElement).className).toContain('justify-start');
      expect(within(bubbles()[1] as HTMLElement).getByText(texts.message.read)).toBeTruthy();
      expect(within(bubbles()[3] as HTMLElement).getByText(texts.message.sent)).toBeTruthy();
      expect(within(bubbles()[3] as HTMLElement).getByText(language === 'ar' ? '٩:٠١ ص' : '9:01 AM')).toBeTruthy();

      expect(api.callsTo(`GET /api/v1/chats/with/${TEACHER_ID}`)).toHaveLength(1);
      const [messagesCall] = api.callsTo('GET /api/v1/chats/5/messages');
      expect(messagesCall?.search.toString()).toBe('');
      // Open: a reconnect catches up after seq 4; the newest message from the teacher is read.
      await waitFor(() => expect(socket.trackConversation).toHaveBeenLastCalledWith(5, 4));
      expect(socket.markRead).toHaveBeenCalledWith({ conversationId: 5, messageId: 13 });
      expect(socket.markRead).toHaveBeenCalledTimes(1);
      expect(missing).toEqual([]);
    },
  );

  it('loads earlier messages with beforeSeq', async () => {
    const older = [
      chatMessage({ id: 1, seq: 1, content: 'First ever', createdAt: '2026-03-01T07:00:00.000Z' }),
      myMessage({ id: 2, seq: 2, content: 'Hello', createdAt: '2026-03-01T07:01:00.000Z' }),
    ];
    const newest = [chatMessage({ id: 3, seq: 3, content: 'Newer', createdAt: '2026-03-10T06:00:00.000Z' })];
    const api = chatApi({
      pages: [
        { data: newest, hasMore: true },
        { data: older, hasMore: false },
      ],
    });
    await renderPage();
    await waitFor(() => expect(bubbles()).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: en.conversation.loadOlder }));
    await waitFor(() => expect(bubbles()).toHaveLength(3));
    expect(api.callsTo('GET /api/v1/chats/5/messages').at(-1)?.search.get('beforeSeq')).toBe('3');
    expect(bubbles().map((bubble) => bubble.textContent)).toEqual([
      expect.stringContaining('First ever'),
      expect.stringContaining('Hello'),
      expect.stringContaining('Newer'),
    ]);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Sunday, March 1',
      en.conversation.today,
    ]);
    expect(screen.queryByRole('button', { name: en.conversation.loadOlder })).toBeNull();
  });

  it('stays live: new messages, read receipts, presence and the typing indicator', async () => {
    chatApi();
    await renderPage();
    await waitFor(() => expect(bubbles()).toHaveLength(4));

    act(() => realtimeEvents.emit('user:status', { userId: TEACHER_ID, status: 'online', online: true }));
    expect(screen.getByTestId('presence').textContent).toContain(en.conversation.online);
    expect(screen.getByTestId('online-dot')).toBeTruthy();

    act(() => realtimeEvents.emit('user:typing', { conversationId: 5, userId: TEACHER_ID, typing: true }));
    expect(plain(screen.getByTestId('typing-indicator').textContent)).toContain('Mona is typing…');
    // Another conversation's typing is not shown here.
    act(() => realtimeEvents.emit('user:typing', { conversationId: 6, userId: TEACHER_ID, typing: false }));
    expect(screen.getByTestId('typing-indicator')).toBeTruthy();

    act(() =>
      realtimeEvents.emit('message:read', {
        conversationId: 5,
        readerId: TEACHER_ID,
        messageIds: [14],
        lastReadSeq: 4,
        readAt: NOW.toISOString(),
      }),
    );
    expect(bubbles()[3]?.getAttribute('data-status')).toBe('read');

    act(() =>
      realtimeEvents.emit(
        'message:new',
        chatMessage({ id: 15, seq: 5, content: 'Sure, ask away', createdAt: NOW.toISOString() }),
      ),
    );
    expect(bubbles()).toHaveLength(5);
    expect(screen.queryByTestId('typing-indicator')).toBeNull();
    // Seen at once: marked read with the newest message.
    await waitFor(() => expect(socket.markRead).toHaveBeenLastCalledWith({ conversationId: 5, messageId: 15 }));
    // Other conversations' messages stay out.
    act(() => realtimeEvents.emit('message:new', chatMessage({ id: 99, conversationId: 6, seq: 9 })));
    expect(bubbles()).toHaveLength(5);
  });

  it('sends optimistically: a pending bubble, then the acknowledged message', async () => {
    chatApi();
    const ack = deferred<MessageAck>();
    socket.sendMessage.mockReturnValueOnce(ack.promise);
    await renderPage();
    await waitFor(() => expect(bubbles()).toHaveLength(4));
    const user = userEvent.setup();
    await user.type(composer(), '  What about exercise 4?  ');
    await user.click(screen.getByRole('button', { name: en.composer.send }));

    const pending = await screen.findByTestId('pending-message');
    expect(pending.getAttribute('data-status')).toBe('sending');
    expect(within(pending).getByText('What about exercise 4?')).toBeTruthy();
    expect((composer() as HTMLTextAreaElement).value).toBe('');
    expect(socket.stopTyping).toHaveBeenCalledWith(5);
    const [payload] = socket.sendMessage.mock.calls[0] ?? [];
    expect(payload).toEqual({
      conversationId: 5,
      recipientId: TEACHER_ID,
      content: 'What about exercise 4?',
      attachments: [],
      clientMessageId: expect.any(String),
    });

    const stored = myMessage({
      id: 20,
      seq: 5,
      content: 'What about exercise 4?',
      clientMessageId: payload?.clientMessageId ?? null,
      createdAt: NOW.toISOString(),
    });
    await act(async () => ack.resolve({ ok: true, message: stored }));
    expect(screen.queryByTestId('pending-message')).toBeNull();
    expect(bubbles()).toHaveLength(5);
    expect(bubbles()[4]?.getAttribute('data-status')).toBe('sent');
    // The server's message:new echo of the same message does not add a second bubble.
    act(() => realtimeEvents.emit('message:new', stored));
    expect(bubbles()).toHaveLength(5);
  });

  it('a failed send shows "Not sent" with a retry that sends the same client message id again', async () => {
    chatApi();
    socket.sendMessage.mockResolvedValueOnce({ ok: false, error: { code: 'timeout', message: 'No answer' } });
    await renderPage();
    await waitFor(() => expect(bubbles()).toHaveLength(4));
    const user = userEvent.setup();
    await user.type(composer(), 'Hello?{Enter}');

    const failed = await screen.findByTestId('pending-message');
    await waitFor(() => expect(failed.getAttribute('data-status')).toBe('failed'));
    expect(within(failed).getAllByText(en.message.failed).length).toBeGreaterThan(0);
    const firstId = socket.sendMessage.mock.calls[0]?.[0].clientMessageId;

    const ack = deferred<MessageAck>();
    socket.sendMessage.mockReturnValueOnce(ack.promise);
    await user.click(within(failed).getByRole('button', { name: en.message.retry }));
    expect(screen.getByTestId('pending-message').getAttribute('data-status')).toBe('sending');
    expect(socket.sendMessage).toHaveBeenCalledTimes(2);
    expect(socket.sendMessage.mock.calls[1]?.[0].clientMessageId).toBe(firstId);

    await act(async () =>
      ack.resolve({
        ok: true,
        message: myMessage({ id: 21, seq: 5, content: 'Hello?', clientMessageId: firstId ?? null }),
      }),
    );
    expect(screen.queryByTestId('pending-message')).toBeNull();
    expect(bubbles().at(-1)?.textContent).toContain('Hello?');
  });

  it('Enter sends, Shift+Enter is a new line, and an empty message cannot be sent', async () => {
    chatApi();
    socket.sendMessage.mockResolvedValue({ ok: true, message: myMessage({ id: 30, seq: 5 }) });
    await renderPage();
    await waitFor(() => expect(bubbles()).toHaveLength(4));
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: en.composer.send }).hasAttribute('disabled')).toBe(true);
    await user.type(composer(), '   {Enter}');
    expect(socket.sendMessage).not.toHaveBeenCalled();
    await user.clear(composer());
    await user.type(composer(), 'line one{Shift>}{Enter}{/Shift}line two{Enter}');
    expect(socket.sendMessage).toHaveBeenCalledTimes(1);
    expect(socket.sendMessage.mock.calls[0]?.[0].content).toBe('line one\nline two');
  });

  it('sends typing:start while typing and typing:stop after 3 s idle', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    chatApi();
    await renderPage();
    await waitFor(() => expect(bubbles()).toHaveLength(4));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(composer(), 'abc');
    expect(socket.startTyping).toHaveBeenCalledTimes(1);
    expect(socket.startTyping).toHaveBeenCalledWith(5);
    expect(socket.stopTyping).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(2_900));
    expect(socket.stopTyping).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(200));
    expect(socket.stopTyping).toHaveBeenCalledWith(5);
  });

  it('uploads a picked image and sends its file id; refuses other files', async () => {
    const api = chatApi();
    socket.sendMessage.mockResolvedValue({ ok: true, message: myMessage({ id: 40, seq: 5 }) });
    await renderPage();
    await waitFor(() => expect(bubbles()).toHaveLength(4));
    const user = userEvent.setup({ applyAccept: false });
    const input = screen.getByTestId('attachment-input') as HTMLInputElement;

    await user.upload(input, new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert').textContent).toBe(en.composer.invalidType);
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(screen.getByRole('alert').textContent).toBe('Images can be at most 5 MB.');
    expect(api.callsTo('POST /api/v1/files/upload')).toHaveLength(0);

    await user.upload(input, new File(['png'], 'page.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByTestId('draft-attachment').getAttribute('data-status')).toBe('ready'));
    expect(api.callsTo('POST /api/v1/files/upload')).toHaveLength(1);
    // Uploaded for chat: private to the conversation it is sent in.
    expect(api.callsTo('POST /api/v1/files/upload')[0]?.search.get('purpose')).toBe('chat');
    await user.click(screen.getByRole('button', { name: en.composer.send }));
    expect(socket.sendMessage.mock.calls[0]?.[0]).toMatchObject({
      content: '',
      attachments: ['b9c6a5f0-1c1e-4a77-9d1d-1c2b3a4d5e6f'],
    });
    expect(screen.queryByTestId('draft-attachment')).toBeNull();
  });

  it('shows an attachment as an inline image or a link, fetched with the access token (private files)', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'access-1');
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return `blob:http://localhost/${created.length}`;
    });
    URL.revokeObjectURL = vi.fn();
    const api = chatApi({
      extra: { 'GET /api/v1/files/a': ok('image a'), 'GET /api/v1/files/b': ok('file b') },
      pages: [
        {
          data: [
            chatMessage({
              id: 1,
              seq: 1,
              content: '',
              createdAt: '2026-03-10T06:00:00.000Z',
              attachments: [
                { id: 'a', url: '/api/v1/files/a', mimeType: 'image/webp', size: 2048 },
                { id: 'b', url: '/api/v1/files/b', mimeType: 'application/pdf', size: 1_572_864 },
              ],
            }),
          ],
          hasMore: false,
        },
      ],
    });
    await renderPage();
    const image = await screen.findByRole('img', { name: en.message.image });
    expect(image.getAttribute('src')).toMatch(/^blob:/);
    const link = await screen.findByRole('link', { name: 'Attachment (1.5 MB)' });
    expect(link.getAttribute('href')).toMatch(/^blob:/);
    expect(created).toHaveLength(2);
    for (const path of ['/api/v1/files/a', '/api/v1/files/b']) {
      expect(api.callsTo(`GET ${path}`)[0]?.headers.get('authorization')).toBe('Bearer access-1');
    }
    localStorage.removeItem(STORAGE_KEYS.accessToken);
  });

  it('an attachment that cannot be fetched (404) says so instead of a broken image', async () => {
    chatApi({
      pages: [
        {
          data: [
            chatMessage({
              id: 1,
              seq: 1,
              content: 'see this',
              attachments: [{ id: 'gone', url: '/api/v1/files/gone', mimeType: 'image/png', size: 10 }],
            }),
          ],
          hasMore: false,
        },
      ],
    });
    await renderPage();
    expect(await screen.findByRole('img', { name: en.message.imageUnavailable })).toBeTruthy();
    expect(screen.queryByRole('img', { name: en.message.image })).toBeNull();
  });

  it('past the daily upload quota (429) the composer says so in the reader language', async () => {
    for (const language of ['en', 'ar'] as const) {
      chatApi({
        extra: {
          'POST /api/v1/files/upload': {
            status: 429,
            body: { status: 429, code: 'uploadQuotaExceeded', message: 'You can upload at most 50 images' },
          },
        },
      });
      const view = await renderPage({ language });
      await waitFor(() => expect(bubbles()).toHaveLength(4));
      const user = userEvent.setup({ applyAccept: false });
      await user.upload(
        screen.getByTestId('attachment-input') as HTMLInputElement,
        new File(['png'], 'p.png', { type: 'image/png' }),
      );
      const alert = await screen.findByRole('alert');
      // The limits in the reader's digits (issue 17): ٥٠ on the Arabic page.
      const fifty = language === 'en' ? '50' : '٥٠';
      const expected = (language === 'en' ? en : ar).composer.quotaExceeded
        .replace('{{files}}', fifty)
        .replace('{{mb}}', fifty);
      expect(alert.textContent).toBe(expected);
      view.unmount();
      vi.unstubAllGlobals();
    }
  });

  it('an empty conversation invites the first message', async () => {
    chatApi({ summary: ok(conversationSummary({ lastMessage: null })), pages: [{ data: [], hasMore: false }] });
    await renderPage();
    expect(await screen.findByTestId('conversation-empty')).toBeTruthy();
    expect(plain(screen.getByTestId('conversation-empty').textContent)).toBe('No messages yet. Say hello to Mona!');
    expect(socket.markRead).not.toHaveBeenCalled();
  });

  it.each([
    [404, 'notFound', en.conversation.notFoundTitle],
    [403, 'forbidden', en.conversation.forbiddenTitle],
  ] as const)('a %i answer shows the %s state', async (status, kind, title) => {
    chatApi({ summary: { status, body: { status, code: kind, message: 'No' } } });
    await renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByRole('link', { name: en.conversation.back }).getAttribute('href')).toBe('/en/chats');
  });

  it('a teacher refused a chat (403) is told when a teacher may write first', async () => {
    chatApi({ summary: { status: 403, body: { status: 403, code: 'forbidden', message: 'No' } } });
    await renderPage({ auth: signedIn(testUser({ role: { id: 2, name: 'teacher' } })) });
    expect(await screen.findByRole('heading', { level: 1, name: en.conversation.forbiddenTitle })).toBeTruthy();
    expect(screen.getByText(en.conversation.forbiddenTeacherBody)).toBeTruthy();
    expect(screen.queryByText(en.conversation.forbiddenBody)).toBeNull();
  });

  it('an id that is not a user id is not found without asking the server', async () => {
    const api = chatApi();
    await renderPage({ path: '/chats/abc' });
    expect(screen.getByRole('heading', { level: 1, name: en.conversation.notFoundTitle })).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('a failed look-up shows an error with a retry', async () => {
    let calls = 0;
    mockApi({
      [`GET /api/v1/chats/with/${TEACHER_ID}`]: () => {
        calls += 1;
        return calls <= 2
          ? { status: 500, body: { status: 500, message: 'Internal error' } }
          : ok(conversationSummary());
      },
      'GET /api/v1/chats/5/messages': ok({ data: history, hasMore: false }),
    });
    await renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: en.conversation.errorTitle }, { timeout: 3000 }),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mona Al-Sabah' })).toBeTruthy();
  });

  it('shows the connection banner when the chat is not connected', async () => {
    chatApi();
    await renderPage();
    await waitFor(() => expect(bubbles()).toHaveLength(4));
    expect(screen.queryByTestId('connection-banner')).toBeNull();
    act(() => setConnectionState('disconnected'));
    expect(screen.getByTestId('connection-banner').textContent).toContain(en.connection.disconnected);
  });
});
