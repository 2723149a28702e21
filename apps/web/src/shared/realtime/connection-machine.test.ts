import { describe, expect, it, vi } from 'vitest';
import { runOnFakeClock } from '../test/fake-clock.ts';
import { type ConnectionState, createConnectionMachine } from './connection-machine.ts';
import { reconnectDelay } from './reconnect-backoff.ts';

/** A machine with no jitter, recording its states and the attempts it starts. */
function setup({ open = () => true }: { open?: () => boolean } = {}) {
  const states: ConnectionState[] = [];
  const opened = vi.fn(open);
  const log = vi.fn();
  const machine = createConnectionMachine({
    open: opened,
    onState: (state) => states.push(state),
    delay: (attempt) => reconnectDelay(attempt, () => 0),
    log,
  });
  return { machine, states, opened, log };
}

/** A machine that has started (its first attempt opened). */
function startedMachine() {
  const started = setup();
  started.machine.start();
  return started;
}

/** A machine that has started and connected. */
function connectedMachine() {
  const started = startedMachine();
  started.machine.connected();
  return started;
}

/** `open` has been called `calls - 1` times until `ms` less a millisecond from now, and `calls` times at `ms`. */
function expectOpenedAfter(opened: ReturnType<typeof setup>['opened'], ms: number, calls: number) {
  vi.advanceTimersByTime(ms - 1);
  expect(opened).toHaveBeenCalledTimes(calls - 1);
  vi.advanceTimersByTime(1);
  expect(opened).toHaveBeenCalledTimes(calls);
}

runOnFakeClock();

describe('connection state machine', () => {
  it('starts disconnected, connects on start and is connected when the socket says so', () => {
    const { machine, states, opened } = setup();
    expect(machine.state).toBe('disconnected');
    machine.start();
    expect(opened).toHaveBeenCalledTimes(1);
    expect(machine.state).toBe('connecting');
    machine.connected();
    expect(states).toEqual(['connecting', 'connected']);
  });

  it('without a token it stays disconnected and schedules nothing', () => {
    const { machine, states, opened } = setup({ open: () => false });
    machine.start();
    expect(machine.state).toBe('disconnected');
    expect(states).toEqual(['connecting', 'disconnected']);
    vi.advanceTimersByTime(120_000);
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('an intentional disconnect never retries', () => {
    const { machine, opened } = connectedMachine();
    machine.stop();
    expect(machine.state).toBe('disconnected');
    machine.connectionLost({ libraryRetrying: false });
    machine.connectError({ libraryRetrying: false });
    vi.advanceTimersByTime(120_000);
    expect(opened).toHaveBeenCalledTimes(1);
    expect(machine.state).toBe('disconnected');
  });

  it('an unintentional disconnect the library does not retry is retried by us after 2 s', () => {
    const { machine, opened } = connectedMachine();
    machine.connectionLost({ libraryRetrying: false });
    expect(machine.state).toBe('disconnected');
    expectOpenedAfter(opened, 2_000, 2);
    expect(machine.state).toBe('connecting');
  });

  it('leaves a disconnect the library retries to the library', () => {
    const { machine, opened } = connectedMachine();
    machine.connectionLost({ libraryRetrying: true });
    expect(machine.state).toBe('connecting');
    vi.advanceTimersByTime(120_000);
    expect(opened).toHaveBeenCalledTimes(1);
    machine.connected();
    expect(machine.state).toBe('connected');
  });

  it('after a connection error no attempt starts within 10 s, and it gives up after 3 attempts', () => {
    const { machine, opened, log } = startedMachine();
    // 1st failure at t=0: attempt 1 waits max(2 s, 10 s cooldown) = 10 s.
    machine.connectError({ libraryRetrying: false });
    expect(machine.state).toBe('error');
    expectOpenedAfter(opened, 10_000, 2);
    expect(machine.attempts).toBe(1);

    // 2nd failure: attempt 2 waits max(4 s, 10 s) = 10 s.
    machine.connectError({ libraryRetrying: false });
    expectOpenedAfter(opened, 10_000, 3);

    // 3rd failure: attempt 3 waits max(8 s, 10 s) = 10 s.
    machine.connectError({ libraryRetrying: false });
    vi.advanceTimersByTime(10_000);
    expect(opened).toHaveBeenCalledTimes(4);
    expect(machine.attempts).toBe(3);

    // 4th failure: no attempts left.
    machine.connectError({ libraryRetrying: false });
    vi.advanceTimersByTime(600_000);
    expect(opened).toHaveBeenCalledTimes(4);
    expect(machine.state).toBe('error');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('giving up'));
  });

  it('waits for the backoff when it is longer than what is left of the cooldown', () => {
    const { machine, opened } = startedMachine();
    machine.connectError({ libraryRetrying: true });
    // The library retries; 15 s later it gives up: the cooldown is over, attempt 1 waits its 2 s.
    vi.advanceTimersByTime(15_000);
    machine.libraryGaveUp();
    expectOpenedAfter(opened, 2_000, 2);
  });

  it('the cooldown also holds back a retry after a lost connection that follows an error', () => {
    const { machine, opened } = startedMachine();
    machine.connectError({ libraryRetrying: true });
    vi.advanceTimersByTime(3_000);
    machine.libraryRetrying();
    expect(machine.state).toBe('connecting');
    machine.connected();
    machine.connectionLost({ libraryRetrying: false });
    // 3 s after the error: 7 s of cooldown are left, more than the 2 s backoff.
    expectOpenedAfter(opened, 7_000, 2);
  });

  it('a successful connection resets the attempts', () => {
    const { machine, opened } = startedMachine();
    machine.connectError({ libraryRetrying: false });
    vi.advanceTimersByTime(10_000);
    machine.connectError({ libraryRetrying: false });
    vi.advanceTimersByTime(10_000);
    expect(machine.attempts).toBe(2);
    machine.connected();
    expect(machine.attempts).toBe(0);
    machine.connectionLost({ libraryRetrying: false });
    vi.advanceTimersByTime(10_000);
    expect(machine.attempts).toBe(1);
    expect(opened).toHaveBeenCalledTimes(4);
  });

  it('schedules one attempt at a time', () => {
    const { machine, opened } = startedMachine();
    machine.connectError({ libraryRetrying: false });
    machine.connectError({ libraryRetrying: false });
    machine.libraryGaveUp();
    vi.advanceTimersByTime(10_000);
    expect(opened).toHaveBeenCalledTimes(2);
    expect(machine.attempts).toBe(1);
  });

  it('a renewed token tries again at once, without the cooldown', () => {
    const { machine, opened } = startedMachine();
    machine.tokenRenewed();
    expect(opened).toHaveBeenCalledTimes(2);
  });

  it('retryNow starts a new round after the cooldown, even when the attempts were used up', () => {
    const { machine, opened } = startedMachine();
    for (let i = 0; i < 4; i += 1) {
      machine.connectError({ libraryRetrying: false });
      vi.advanceTimersByTime(10_000);
    }
    expect(opened).toHaveBeenCalledTimes(4);
    machine.connectError({ libraryRetrying: false });
    vi.advanceTimersByTime(4_000);
    machine.retryNow();
    expectOpenedAfter(opened, 6_000, 5);
    expect(machine.attempts).toBe(0);
  });

  it('retryNow does nothing while connected, connecting or stopped', () => {
    const { machine, opened } = setup();
    machine.retryNow();
    expect(opened).not.toHaveBeenCalled();
    machine.start();
    machine.retryNow();
    machine.connected();
    machine.retryNow();
    vi.advanceTimersByTime(60_000);
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('adds the jitter to our delay', () => {
    const opened = vi.fn(() => true);
    const machine = createConnectionMachine({
      open: opened,
      onState: () => {},
      delay: (attempt) => reconnectDelay(attempt, () => 0.75),
    });
    machine.start();
    machine.connected();
    machine.connectionLost({ libraryRetrying: false });
    expectOpenedAfter(opened, 3_500, 2);
  });
});
