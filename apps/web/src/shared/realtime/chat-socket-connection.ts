import { SOCKET_EVENTS } from '@ustaz/contract';
import { CHAT } from '@ustaz/contract/constants';
import type { ChatSocketDeps, ChatSocketLike, Log } from './chat-socket-types.ts';
import { type ConnectionState, createConnectionMachine } from './connection-machine.ts';
import { reconnectDelay } from './reconnect-backoff.ts';
import { createTokenRenewal } from './socket-token-renewal.ts';

type ConnectionDeps = Pick<
  ChatSocketDeps,
  'createSocket' | 'getToken' | 'refreshToken' | 'onTokenRefreshed' | 'emit' | 'random'
> & {
  now: () => number;
  log: Log;
  /** Binds the server's events (other than the connection's own) on a new socket. */
  bindEvents: (socket: ChatSocketLike) => void;
  /** Connected again after a connection was lost. */
  onReconnected: () => void;
};

/**
 * The connection of the chat socket: the state machine on top of socket.io's own reconnection,
 * the handshake with the current token (renewed once on "unauthorized", and on the open socket),
 * the last messages asked 1 s after connecting, and waiting for the connection.
 */
export function createChatConnection(deps: ConnectionDeps) {
  const { now, log } = deps;
  const stateListeners = new Set<(state: ConnectionState) => void>();
  let socket: ChatSocketLike | null = null;
  let everConnected = false;
  let renewedToken = false;
  let lastMessagesTimer: ReturnType<typeof setTimeout> | null = null;
  let unsubscribeRefresh: (() => void) | null = null;
  const renewal = createTokenRenewal({ ...deps, currentSocket: () => socket });

  const machine = createConnectionMachine({
    open,
    onState: (state) => {
      deps.emit('connection', state);
      for (const listener of stateListeners) listener(state);
    },
    delay: (attempt) => reconnectDelay(attempt, deps.random),
    now,
    log: (message) => log.warn(message),
  });

  function open(): boolean {
    if (!deps.getToken()) {
      log.warn('chat: no access token, the socket does not connect');
      return false;
    }
    socket ??= bind(
      deps.createSocket({
        path: '/socket.io',
        transports: ['websocket'],
        autoConnect: false,
        auth: (callback) => callback({ token: renewal.handshake() }),
        reconnectionAttempts: CHAT.socketReconnectionAttempts,
        reconnectionDelay: CHAT.socketReconnectionDelayMs,
        reconnectionDelayMax: CHAT.socketReconnectionDelayMaxMs,
      }),
    );
    socket.connect();
    return true;
  }

  function clearLastMessagesTimer() {
    if (lastMessagesTimer !== null) clearTimeout(lastMessagesTimer);
    lastMessagesTimer = null;
  }

  function bind(created: ChatSocketLike): ChatSocketLike {
    created.on('connect', () => {
      renewedToken = false;
      renewal.connected();
      machine.connected();
      const reconnected = everConnected;
      everConnected = true;
      clearLastMessagesTimer();
      lastMessagesTimer = setTimeout(() => {
        lastMessagesTimer = null;
        if (created.connected) created.emit(SOCKET_EVENTS.getLastMessages);
      }, CHAT.lastMessagesDelayMs);
      if (reconnected) deps.onReconnected();
    });
    created.on('disconnect', (reason) => {
      clearLastMessagesTimer();
      renewal.reset();
      // Our own disconnect (stop) removed the listeners first; anything else is unintentional.
      if (reason === 'io client disconnect') return;
      machine.connectionLost({ libraryRetrying: created.active });
    });
    created.on('connect_error', (error) => {
      const message = error instanceof Error ? error.message : String(error);
      log.warn(`chat: connection failed (${message})`);
      if (message === 'unauthorized' && !renewedToken) {
        // An expired access token: renew it through the HTTP client and try again at once.
        renewedToken = true;
        deps.refreshToken().then(
          () => machine.tokenRenewed(),
          () => machine.connectError({ libraryRetrying: false }),
        );
        return;
      }
      machine.connectError({ libraryRetrying: created.active });
    });
    created.onManager('reconnect_attempt', () => machine.libraryRetrying());
    created.onManager('reconnect_failed', () => machine.libraryGaveUp());
    deps.bindEvents(created);
    return created;
  }

  return {
    get state(): ConnectionState {
      return machine.state;
    },
    /** The socket, or null before the first connection and after stop. */
    get socket(): ChatSocketLike | null {
      return socket;
    },
    start() {
      if (machine.running) return;
      unsubscribeRefresh ??= deps.onTokenRefreshed?.((token) => void renewal.renewToken(token)) ?? null;
      machine.start();
    },
    stop() {
      machine.stop();
      clearLastMessagesTimer();
      renewal.reset();
      unsubscribeRefresh?.();
      unsubscribeRefresh = null;
      const closing = socket;
      socket = null;
      closing?.close();
      everConnected = false;
      renewedToken = false;
    },
    renewToken: renewal.renewToken,
    retryNow: () => machine.retryNow(),
    /** The socket once it is connected, or null when it is not within `timeoutMs`. */
    whenConnected(timeoutMs: number): Promise<ChatSocketLike | null> {
      if (machine.state === 'connected' && socket?.connected) return Promise.resolve(socket);
      return new Promise((resolve) => {
        const done = (value: ChatSocketLike | null) => {
          clearTimeout(timer);
          stateListeners.delete(listener);
          resolve(value);
        };
        const listener = (state: ConnectionState) => {
          if (state === 'connected' && socket?.connected) done(socket);
        };
        const timer = setTimeout(() => done(null), timeoutMs);
        stateListeners.add(listener);
      });
    },
  };
}
