import { CHAT } from '@ustaz/contract/constants';
import type { RealtimeEventMap } from './realtime-events.ts';
import { reconnectDelay } from './reconnect-backoff.ts';

export type ConnectionState = RealtimeEventMap['connection'];

type Timer = ReturnType<typeof setTimeout>;

export type ConnectionMachineOptions = {
  /** Starts one connection attempt; false when it cannot start (no access token). */
  open: () => boolean;
  onState: (state: ConnectionState) => void;
  maxAttempts?: number;
  cooldownMs?: number;
  /** The wait before our own attempt n (1-based). */
  delay?: (attempt: number) => number;
  now?: () => number;
  log?: (message: string) => void;
};

export type ConnectionMachine = ReturnType<typeof createConnectionMachine>;

/**
 * The chat connection of spec 4: disconnected, connecting, connected, error. An intentional
 * disconnect (stop) never retries. An unintentional one that the socket library does not retry
 * itself (the server closed the socket, it refused the connection, or the library used up its
 * own attempts) gets at most `maxAttempts` attempts of ours, each after `delay(n)`; after a
 * connection error no attempt starts within the cooldown. A successful connection resets the count.
 */
export function createConnectionMachine({
  open,
  onState,
  maxAttempts = CHAT.reconnectMaxAttempts,
  cooldownMs = CHAT.errorCooldownMs,
  delay = reconnectDelay,
  now = Date.now,
  log = (message) => console.warn(message),
}: ConnectionMachineOptions) {
  let state: ConnectionState = 'disconnected';
  let running = false;
  let attempts = 0;
  let lastErrorAt = Number.NEGATIVE_INFINITY;
  let timer: Timer | null = null;

  function set(next: ConnectionState) {
    if (next === state) return;
    state = next;
    onState(next);
  }

  function cancelTimer() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  function cooldownRemaining(): number {
    return Math.max(0, lastErrorAt + cooldownMs - now());
  }

  function attempt() {
    timer = null;
    if (!running) return;
    set('connecting');
    if (!open()) set('disconnected');
  }

  function attemptAfter(wait: number) {
    cancelTimer();
    if (wait <= 0) attempt();
    else timer = setTimeout(attempt, wait);
  }

  /** Our next attempt, if any is left; one at a time. */
  function scheduleRetry() {
    if (!running || timer !== null) return;
    if (attempts >= maxAttempts) {
      log(`chat: no connection after ${maxAttempts} reconnection attempts; giving up`);
      set('error');
      return;
    }
    attempts += 1;
    attemptAfter(Math.max(delay(attempts), cooldownRemaining()));
  }

  return {
    get state() {
      return state;
    },
    get attempts() {
      return attempts;
    },
    get running() {
      return running;
    },
    cooldownRemaining,
    /** Connects now (session start-up). */
    start() {
      running = true;
      attempts = 0;
      cancelTimer();
      attempt();
    },
    /** The intentional disconnect (logout): no retry. */
    stop() {
      running = false;
      cancelTimer();
      set('disconnected');
    },
    connected() {
      if (!running) return;
      attempts = 0;
      cancelTimer();
      set('connected');
    },
    /** A failed connection; `libraryRetrying` when the socket library tries again on its own. */
    connectError({ libraryRetrying }: { libraryRetrying: boolean }) {
      if (!running) return;
      lastErrorAt = now();
      set('error');
      if (!libraryRetrying) scheduleRetry();
    },
    /** An unintentional disconnect of a connected socket. */
    connectionLost({ libraryRetrying }: { libraryRetrying: boolean }) {
      if (!running) return;
      set(libraryRetrying ? 'connecting' : 'disconnected');
      if (!libraryRetrying) scheduleRetry();
    },
    /** The library starts one of its own reconnection attempts. */
    libraryRetrying() {
      if (running && timer === null) set('connecting');
    },
    /** The library used up its own attempts: ours take over. */
    libraryGaveUp() {
      if (!running) return;
      set('error');
      scheduleRetry();
    },
    /** A fresh access token after an "unauthorized" refusal: one attempt at once. */
    tokenRenewed() {
      if (running) attemptAfter(0);
    },
    /** Asked by the user (or the browser came back online): a new round, still after the cooldown. */
    retryNow() {
      if (!running || state === 'connected' || state === 'connecting') return;
      attempts = 0;
      attemptAfter(cooldownRemaining());
    },
  };
}
