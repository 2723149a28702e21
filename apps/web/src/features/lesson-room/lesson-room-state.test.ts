import { describe, expect, it } from 'vitest';
import { countdown, parseReservationId, roomPhase, roomState, serverNow } from './lesson-room-state.ts';

const MINUTE = 60_000;
const start = Date.parse('2026-03-14T15:00:00.000Z');
const room = {
  status: 'confirmed' as const,
  opensAt: new Date(start - 10 * MINUTE).toISOString(),
  closesAt: new Date(start + 75 * MINUTE).toISOString(),
};

describe('the room by the server clock', () => {
  it('follows the server, not the browser: a browser 55 minutes behind still sees the room open', () => {
    // The server runs 55 minutes ahead (TEST_CLOCK_OFFSET_SECONDS); the browser is 50 minutes before opensAt.
    const browser = start - 60 * MINUTE;
    const skew = 55 * MINUTE;
    expect(roomPhase(room, browser)).toBe('before');
    expect(roomPhase(room, serverNow(browser, skew))).toBe('open');
    expect(countdown(Date.parse(room.opensAt), serverNow(browser - 6 * MINUTE, skew))).toEqual({
      days: 0,
      hours: 0,
      minutes: 1,
      seconds: 0,
    });
  });

  it('is before, open from opensAt to closesAt, then after', () => {
    expect(roomPhase(room, Date.parse(room.opensAt) - 1)).toBe('before');
    expect(roomPhase(room, Date.parse(room.opensAt))).toBe('open');
    expect(roomPhase(room, Date.parse(room.closesAt))).toBe('open');
    expect(roomPhase(room, Date.parse(room.closesAt) + 1)).toBe('after');
  });

  it('is after for a completed lesson and a teacher no-show, whatever the time', () => {
    expect(roomPhase({ ...room, status: 'completed' }, start)).toBe('after');
    expect(roomPhase({ ...room, status: 'cancelled' }, start - 60 * MINUTE)).toBe('after');
  });

  it('counts down in days, hours, minutes and seconds, never below zero', () => {
    expect(countdown(start, start - (2 * 86_400_000 + 3 * 3_600_000 + 4 * MINUTE + 5_500))).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 6,
    });
    expect(countdown(start, start + 5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

describe('roomState', () => {
  it('names the state of the page', () => {
    expect(roomState({ pending: true, notFound: false }, null, false)).toBe('loading');
    expect(roomState({ pending: false, notFound: true }, null, false)).toBe('not-found');
    expect(roomState({ pending: false, notFound: false }, 'before', false)).toBe('before');
    expect(roomState({ pending: false, notFound: false }, 'open', false)).toBe('open');
    expect(roomState({ pending: false, notFound: false }, 'open', true)).toBe('in-call');
    expect(roomState({ pending: false, notFound: false }, 'after', true)).toBe('after');
  });

  it('reads only a positive 32-bit reservation id', () => {
    expect(parseReservationId('42')).toBe(42);
    for (const bad of [undefined, '', '0', '-1', '1e3', 'abc', '2147483648', '12345678901']) {
      expect(parseReservationId(bad)).toBeNull();
    }
  });
});
