import type { ChatMessage, MessagesResponse } from '@ustaz/contract';
import { describe, expect, it, vi } from 'vitest';
import { runOnFakeClock } from '../test/fake-clock.ts';
import {
  type ChatSocketDeps,
  type ChatSocketLike,
  type ChatSocketOptions,
  createChatSocketManager,
  SEND_ACK_TIMEOUT_MS,
  toUserStatus,
} from './chat-socket-manager.ts';
import type { RealtimeEventMap } from './realtime-events.ts';

type Listener = (...args: unknown[]) => void;

/**
 * A socket.io client socket as the manager sees it (the library itself is not loaded in unit
 * tests): the test plays the server with `serverSends`, `connects`, `refuses` and `drops`, and
 * answers acknowledged emits through `answer`.
 */
function fakeSocket(options: ChatSocketOptions) {
  const listeners = new Map<string, Listener[]>();
  const managerListeners = new Map<string, Listener[]>();
  const requests: Array<{ event: string; payload: unknown; resolve: (v: unknown) => void }> = [];
  const emitted: Array<{ event: string; payload: unknown }> = [];
  const fire = (map: Map<string, Listener[]>, event: string, ...args: unknown[]) => {
    for (const listener of map.get(event) ?? []) listener(...args);
  };
  const state = { connected: false, active: false, connectCalls: 0, closed: false };
  const socket: ChatSocketLike = {
    get connected() {
      return state.connected;
    },
    get active() {
      return state.active;
    },
    on: (event, listener) => listeners.set(event, [...(listeners.get(event) ?? []), listener]),
    onManager: (event, listener) => managerListeners.set(event, [...(managerListeners.get(event) ?? []), listener]),
    connect: () => {
      state.connectCalls += 1;
      state.active = true;
    },
    emit: (event, payload) => {
      emitted.push({ event, payload });
    },
    request: (event, payload, timeoutMs) =>
      new Promise((resolve, reject) => {
        requests.push({ event, payload, resolve });
        setTimeout(() => reject(new Error('operation has timed out')), timeoutMs);
      }),
    close: () => {
      state.closed = true;
      state.connected = false;
      state.active = false;
      listeners.clear();
      managerListeners.clear();
    },
  };
  return {
    socket,
    options,
    state,
    emitted,
    requests,
    token: () => new Promise<string>((resolve) => options.auth((data) => resolve(data.token))),
    connects() {
      state.connected = true;
      state.active = true;
      fire(listeners, 'connect');
    },
    refuses(message: string) {
      state.active = false;
      fire(listeners, 'connect_error', new Error(message));
    },
    failsToReach() {
      fire(listeners, 'connect_error', new Error('websocket error'));
    },
    drops(reason: string, libraryRetries: boolean) {
      state.connected = false;
      state.active = libraryRetries;
      fire(listeners, 'disconnect', reason);
    },
    libraryGivesUp: () => fire(managerListeners, 'reconnect_failed'),
    serverSends: (event: string, payload: unknown) => fire(listeners, event, payload),
  };
}

type FakeSocket = ReturnType<typeof fakeSocket>;

function message(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 100,
    conversationId: 5,
    seq: 11,
    senderId: 42,
    recipientId: 8,
    content: 'مرحبا',
    attachments: [],
    clientMessageId: null,
    createdAt: '2026-03-10T09:00:00.000Z',
    readAt: null,
    ...overrides,
  };
}

function setup(overrides: Partial<ChatSocketDeps> = {}) {
  const sockets: FakeSocket[] = [];
  const events: Array<{ event: keyof RealtimeEventMap; payload: unknown }> = [];
  let token: string | null = 'access-1';
  const log = { warn: vi.fn(), error: vi.fn() };
  const deps: ChatSocketDeps = {
    createSocket: (options) => {
      const fake = fakeSocket(options);
      sockets.push(fake);
      return fake.socket;
    },
    getToken: () => token,
    refreshToken: vi.fn(async () => {
      token = 'access-2';
      return token;
    }),
    getMessagesAfter: vi.fn(async (): Promise<MessagesResponse> => ({ data: [], hasMore: false })),
    postRead: vi.fn(async () => {}),
    emit: (event, payload) => events.push({ event, payload }),
    random: () => 0,
    log,
    ...overrides,
  };
  const manager = createChatSocketManager(deps);
  return {
    manager,
    deps,
    log,
    events,
    sockets,
    socket: () => {
      const last = sockets.at(-1);
      if (!last) throw new Error('no socket was created');
      return last;
    },
    setToken: (value: string | null) => {
      token = value;
    },
    eventsOf: <K extends keyof RealtimeEventMap>(name: K) =>
      events.filter((entry) => entry.event === name).map((entry) => entry.payload as RealtimeEventMap[K]),
  };
}

/** setup() with the manager started; `fake` is the socket it opened. */
function started(overrides: Partial<ChatSocketDeps> = {}) {
  const test = setup(overrides);
  test.manager.start();
  return { ...test, fake: test.socket() };
}

runOnFakeClock('2026-03-10T09:00:00.000Z');

describe('chat socket start-up', () => {
  it('without an access token it logs and does not connect', () => {
    const { manager, sockets, log, setToken } = setup();
    setToken(null);
    manager.start();
    expect(sockets).toHaveLength(0);
    expect(manager.state).toBe('disconnected');
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('no access token'));
  });

  it('connects with the options of spec 7 and the current token on every handshake', async () => {
    const { setToken, fake } = started();
    expect(fake.options).toMatchObject({
      path: '/socket.io',
      transports: ['websocket'],
      reconnectionAttempts: 10,
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 5_000,
    });
    expect(fake.state.connectCalls).toBe(1);
    expect(await fake.token()).toBe('access-1');
    setToken('access-9');
    expect(await fake.token()).toBe('access-9');
  });

  it('tells the bus about every state change and asks for the last messages 1 s after connecting', () => {
    const { manager, eventsOf, fake } = started();
    fake.connects();
    expect(manager.state).toBe('connected');
    expect(eventsOf('connection')).toEqual(['connecting', 'connected']);
    vi.advanceTimersByTime(999);
    expect(fake.emitted).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fake.emitted).toEqual([{ event: 'getLastMessages', payload: undefined }]);
  });

  it('a second start while running does nothing', () => {
    const { manager, sockets } = setup();
    manager.start();
    manager.start();
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.state.connectCalls).toBe(1);
  });
});

describe('server events', () => {
  it('go to the realtime bus', () => {
    const { eventsOf, fake } = started();
    fake.connects();
    const incoming = message();
    fake.serverSends('message:new', incoming);
    fake.serverSends('user:typing', { conversationId: 5, userId: 42, typing: true });
    const read = { conversationId: 5, readerId: 42, messageIds: [99], lastReadSeq: 10, readAt: incoming.createdAt };
    fake.serverSends('message:read', read);
    const summaries = [{ conversationId: 5 }];
    fake.serverSends('lastMessages', summaries);
    const notification = { id: 1, type: 'message.new', data: {}, readAt: null, createdAt: incoming.createdAt };
    fake.serverSends('notification', notification);
    expect(eventsOf('message:new')).toEqual([incoming]);
    expect(eventsOf('user:typing')).toEqual([{ conversationId: 5, userId: 42, typing: true }]);
    expect(eventsOf('message:read')).toEqual([read]);
    expect(eventsOf('lastMessages')).toEqual([summaries]);
    expect(eventsOf('notification')).toEqual([notification]);
  });

  it('hears a status sent under both names once, normalised', () => {
    const { eventsOf, fake } = started();
    fake.connects();
    fake.serverSends('user:status', { userId: 42, status: 'online', online: true });
    fake.serverSends('userStatus', { userId: 42, status: 'online', online: true });
    fake.serverSends('userStatus', { userId: 42, online: false });
    expect(eventsOf('user:status')).toEqual([
      { userId: 42, status: 'online', online: true },
      { userId: 42, status: 'offline', online: false },
    ]);
  });

  it('ignores a duplicate message (same id and creation time) for 30 s', () => {
    const { eventsOf, fake } = started();
    fake.connects();
    fake.serverSends('message:new', message());
    fake.serverSends('message:new', message());
    fake.serverSends('message:new', message({ id: 101, seq: 12 }));
    expect(eventsOf('message:new').map((m) => m.id)).toEqual([100, 101]);
    vi.advanceTimersByTime(30_000);
    fake.serverSends('message:new', message());
    expect(eventsOf('message:new').map((m) => m.id)).toEqual([100, 101, 100]);
  });

  it('drops payloads that are not messages', () => {
    const { eventsOf, fake } = started();
    fake.connects();
    fake.serverSends('message:new', { hello: 'world' });
    expect(eventsOf('message:new')).toEqual([]);
  });
});

describe('sendMessage', () => {
  const payload = { conversationId: 5, recipientId: 42, content: 'hi', attachments: [], clientMessageId: 'c-1' };

  it('refuses a message without recipientId: logged, not sent', async () => {
    const { manager, log, fake } = started();
    fake.connects();
    const ack = await manager.sendMessage({ ...payload, recipientId: undefined as unknown as number });
    expect(ack).toEqual({ ok: false, error: expect.objectContaining({ code: 'missingRecipient' }) });
    expect(await manager.sendMessage({ ...payload, recipientId: 0 })).toMatchObject({ ok: false });
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining('without recipientId'));
    expect(fake.requests).toEqual([]);
  });

  it('resolves to the acknowledgement and puts the stored message on the bus once', async () => {
    const { manager, eventsOf, fake } = started();
    fake.connects();
    const sending = manager.sendMessage(payload);
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.requests.map((r) => [r.event, r.payload])).toEqual([['message', payload]]);
    const stored = message({ senderId: 8, recipientId: 42, clientMessageId: 'c-1' });
    fake.requests[0]?.resolve({ ok: true, message: stored });
    expect(await sending).toEqual({ ok: true, message: stored });
    // The server's own message:new echo to the sender is the same message.
    fake.serverSends('message:new', stored);
    expect(eventsOf('message:new')).toEqual([stored]);
  });

  it('passes on a refusal of the server', async () => {
    const { manager, fake } = started();
    fake.connects();
    const sending = manager.sendMessage(payload);
    await vi.advanceTimersByTimeAsync(0);
    const refusal = { ok: false, error: { code: 'forbidden', message: 'No' } };
    fake.requests[0]?.resolve(refusal);
    expect(await sending).toEqual(refusal);
  });

  it('fails when no acknowledgement comes within the timeout', async () => {
    const { manager, fake } = started();
    fake.connects();
    const sending = manager.sendMessage(payload);
    await vi.advanceTimersByTimeAsync(SEND_ACK_TIMEOUT_MS);
    expect(await sending).toEqual({ ok: false, error: expect.objectContaining({ code: 'timeout' }) });
  });

  it('waits for the connection, within the same timeout', async () => {
    const { manager, socket } = setup();
    manager.start();
    const sending = manager.sendMessage(payload);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(socket().requests).toEqual([]);
    socket().connects();
    await vi.advanceTimersByTimeAsync(0);
    expect(socket().requests).toHaveLength(1);
    socket().requests[0]?.resolve({ ok: true, message: message() });
    expect((await sending).ok).toBe(true);

    const late = manager.sendMessage(payload);
    socket().drops('transport close', true);
    await vi.advanceTimersByTimeAsync(SEND_ACK_TIMEOUT_MS);
    expect(await late).toEqual({ ok: false, error: expect.objectContaining({ code: 'timeout' }) });
    const offline = manager.sendMessage(payload);
    await vi.advanceTimersByTimeAsync(SEND_ACK_TIMEOUT_MS);
    expect(await offline).toEqual({ ok: false, error: expect.objectContaining({ code: 'notConnected' }) });
  });
});

describe('reconnection', () => {
  it('renews an expired token through the HTTP refresh and tries again at once', async () => {
    const { manager, deps, fake } = started();
    fake.refuses('unauthorized');
    await vi.advanceTimersByTimeAsync(0);
    expect(deps.refreshToken).toHaveBeenCalledTimes(1);
    expect(fake.state.connectCalls).toBe(2);
    expect(await fake.token()).toBe('access-2');
    fake.connects();
    expect(manager.state).toBe('connected');
  });

  it('a second "unauthorized" in a row is a connection error with the cooldown', async () => {
    const { manager, deps, fake } = started();
    fake.refuses('unauthorized');
    await vi.advanceTimersByTimeAsync(0);
    fake.refuses('unauthorized');
    expect(manager.state).toBe('error');
    expect(deps.refreshToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(fake.state.connectCalls).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.state.connectCalls).toBe(3);
  });

  it('a refused refresh is a connection error', async () => {
    const { manager, socket } = setup({
      refreshToken: vi.fn(async () => Promise.reject(new Error('Token refresh failed'))),
    });
    manager.start();
    socket().refuses('unauthorized');
    await vi.advanceTimersByTimeAsync(0);
    expect(manager.state).toBe('error');
  });

  it('a socket closed by the server is reconnected by us after the backoff', async () => {
    const { manager, fake } = started();
    fake.connects();
    fake.drops('io server disconnect', false);
    expect(manager.state).toBe('disconnected');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(fake.state.connectCalls).toBe(2);
    expect(manager.state).toBe('connecting');
  });

  it('after the library gives up, our attempts take over (cooldown first)', async () => {
    const { manager, fake } = started();
    fake.failsToReach();
    expect(manager.state).toBe('error');
    fake.libraryGivesUp();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(fake.state.connectCalls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.state.connectCalls).toBe(2);
  });

  it('after a reconnect, fetches each open conversation after its last seen seq, page by page', async () => {
    const pages: MessagesResponse[] = [
      { data: [message({ id: 201, seq: 11 }), message({ id: 202, seq: 12 })], hasMore: true },
      { data: [message({ id: 203, seq: 13 })], hasMore: false },
    ];
    const getMessagesAfter = vi.fn(async () => pages.shift() ?? { data: [], hasMore: false });
    const { manager, eventsOf, fake } = started({ getMessagesAfter });
    fake.connects();
    const release = manager.trackConversation(5, 10);
    fake.drops('transport close', true);
    expect(manager.state).toBe('connecting');
    fake.connects();
    await vi.advanceTimersByTimeAsync(0);
    expect(getMessagesAfter.mock.calls).toEqual([
      [5, 10, 100],
      [5, 12, 100],
    ]);
    expect(eventsOf('message:new').map((m) => m.seq)).toEqual([11, 12, 13]);

    // The seq seen is remembered for the next reconnect; a released conversation is not fetched.
    fake.drops('transport close', true);
    fake.connects();
    await vi.advanceTimersByTimeAsync(0);
    expect(getMessagesAfter).toHaveBeenLastCalledWith(5, 13, 100);
    release();
    fake.drops('transport close', true);
    fake.connects();
    await vi.advanceTimersByTimeAsync(0);
    expect(getMessagesAfter).toHaveBeenCalledTimes(3);
  });

  it('does not catch up on the first connection', async () => {
    const { manager, socket, deps } = setup();
    manager.trackConversation(5, 10);
    manager.start();
    socket().connects();
    await vi.advanceTimersByTimeAsync(0);
    expect(deps.getMessagesAfter).not.toHaveBeenCalled();
  });

  it('fills a gap in an open conversation', async () => {
    const getMessagesAfter = vi.fn(async () => ({ data: [message({ id: 301, seq: 11 })], hasMore: false }));
    const { manager, eventsOf, fake } = started({ getMessagesAfter });
    fake.connects();
    manager.trackConversation(5, 10);
    fake.serverSends('message:new', message({ id: 302, seq: 12 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(getMessagesAfter).toHaveBeenCalledWith(5, 10, 100);
    expect(eventsOf('message:new').map((m) => m.seq)).toEqual([12, 11]);
  });
});

describe('token renewal on the open socket (auth:renew)', () => {
  /** A JWT-shaped token expiring at `expiresAtMs` (only its payload's exp is read by the client). */
  const jwt = (expiresAtMs: number, tag = 'a') =>
    `h.${btoa(JSON.stringify({ exp: Math.floor(expiresAtMs / 1000), tag })).replace(/=+$/, '')}.s`;

  it('a refresh by the HTTP client hands the new token to the open socket, and stop unsubscribes', async () => {
    const listeners = new Set<(token: string) => void>();
    const onTokenRefreshed = (listener: (token: string) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    };
    const { manager, fake, setToken } = started({ onTokenRefreshed });
    setToken(jwt(Date.now() + 15 * 60_000));
    fake.connects();
    expect(listeners.size).toBe(1);
    const renewed = jwt(Date.now() + 20 * 60_000);
    for (const listener of listeners) listener(renewed);
    expect(fake.requests.map((r) => [r.event, r.payload])).toEqual([['auth:renew', { token: renewed }]]);
    fake.requests[0]?.resolve({ ok: true });
    await vi.advanceTimersByTimeAsync(0);
    manager.stop();
    expect(listeners.size).toBe(0);
  });

  it("a minute before the socket's token expires it refreshes and renews on the socket, again for the next token", async () => {
    const first = jwt(Date.now() + 15 * 60_000, 'first');
    const second = jwt(Date.now() + 30 * 60_000, 'second');
    const refreshToken = vi.fn(async () => second);
    const { fake, setToken } = started({ refreshToken });
    setToken(first);
    // The handshake takes the current token.
    expect(await fake.token()).toBe(first);
    fake.connects();
    await vi.advanceTimersByTimeAsync(14 * 60_000 - 1);
    expect(refreshToken).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(fake.requests.map((r) => [r.event, r.payload])).toEqual([['auth:renew', { token: second }]]);
    fake.requests[0]?.resolve({ ok: true });
    await vi.advanceTimersByTimeAsync(0);
    // The next renewal is due a minute before the second token expires.
    refreshToken.mockResolvedValue(jwt(Date.now() + 45 * 60_000, 'third'));
    await vi.advanceTimersByTimeAsync(15 * 60_000 - 1);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshToken).toHaveBeenCalledTimes(2);
    expect(fake.requests).toHaveLength(2);
  });

  it('uses a newer token another tab stored instead of refreshing; a refusal is logged and not retried', async () => {
    const refreshToken = vi.fn(async () => 'unused');
    const { fake, setToken, log } = started({ refreshToken });
    setToken(jwt(Date.now() + 15 * 60_000));
    await fake.token();
    fake.connects();
    const fromOtherTab = jwt(Date.now() + 25 * 60_000);
    setToken(fromOtherTab);
    await vi.advanceTimersByTimeAsync(14 * 60_000);
    expect(refreshToken).not.toHaveBeenCalled();
    expect(fake.requests.map((r) => r.payload)).toEqual([{ token: fromOtherTab }]);
    fake.requests[0]?.resolve({ ok: false, error: { code: 'unauthorized', message: 'no' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('refused the renewed token'));
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(fake.requests).toHaveLength(1);
  });
});

describe('typing, read and stop', () => {
  it('sends typing only while connected', () => {
    const { manager, socket } = setup();
    manager.start();
    manager.startTyping(5);
    expect(socket().emitted).toEqual([]);
    socket().connects();
    manager.startTyping(5);
    manager.stopTyping(5);
    expect(socket().emitted).toEqual([
      { event: 'typing:start', payload: { conversationId: 5 } },
      { event: 'typing:stop', payload: { conversationId: 5 } },
    ]);
  });

  it('marks read over the socket, and over REST without a connection or an answer', async () => {
    const { manager, socket, deps } = setup();
    manager.start();
    await manager.markRead({ conversationId: 5, messageId: 100 });
    expect(deps.postRead).toHaveBeenCalledWith(5, 100);

    socket().connects();
    const reading = manager.markRead({ conversationId: 5, messageId: 101 });
    await vi.advanceTimersByTimeAsync(0);
    expect(socket().requests.map((r) => [r.event, r.payload])).toEqual([
      ['mark:read', { conversationId: 5, messageId: 101 }],
    ]);
    socket().requests[0]?.resolve({ ok: true });
    await reading;
    expect(deps.postRead).toHaveBeenCalledTimes(1);

    const unanswered = manager.markRead({ conversationId: 5, messageId: 102 });
    await vi.advanceTimersByTimeAsync(5_000);
    await unanswered;
    expect(deps.postRead).toHaveBeenLastCalledWith(5, 102);
  });

  it('stop is the intentional disconnect: closed, disconnected, never retried', async () => {
    const { manager, sockets, fake } = started();
    fake.connects();
    manager.stop();
    expect(fake.state.closed).toBe(true);
    expect(manager.state).toBe('disconnected');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fake.state.connectCalls).toBe(1);
    expect(fake.emitted).toEqual([]);
    manager.start();
    expect(sockets).toHaveLength(2);
  });
});

describe('toUserStatus', () => {
  it('normalises a status or an online flag to online or offline', () => {
    expect(toUserStatus({ userId: 1, status: 'online' })).toEqual({ userId: 1, status: 'online', online: true });
    expect(toUserStatus({ userId: 1, online: true })).toEqual({ userId: 1, status: 'online', online: true });
    expect(toUserStatus({ userId: 1, status: 'offline', online: true })).toEqual({
      userId: 1,
      status: 'offline',
      online: false,
    });
    expect(toUserStatus({ userId: 1 })).toEqual({ userId: 1, status: 'offline', online: false });
    expect(toUserStatus({ status: 'online' })).toBeNull();
  });
});
