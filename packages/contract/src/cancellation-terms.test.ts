import { describe, expect, it } from 'vitest';
import { BOOKING, cancellationTerms } from './constants.ts';

const HOUR = 3_600_000;
const start = Date.parse('2026-12-10T15:00:00.000Z');

describe('cancellationTerms: the one rule of every cancellation text (issue 30 item 4)', () => {
  it('over 24 hours before the start: cancellable free of charge until 24 hours before', () => {
    const terms = cancellationTerms(new Date(start), new Date(start - 30 * HOUR));
    expect(terms).toEqual({ deadline: '2026-12-09T15:00:00.000Z', cancellable: true });
  });

  it('under 24 hours before the start: not cancellable, and the deadline is already past', () => {
    const now = new Date(start - 3 * HOUR);
    const terms = cancellationTerms(new Date(start), now);
    expect(terms.cancellable).toBe(false);
    expect(Date.parse(terms.deadline)).toBeLessThan(now.getTime());
  });

  it('closes exactly at the deadline (one millisecond before is still free)', () => {
    const deadline = start - BOOKING.studentCancelHours * HOUR;
    expect(cancellationTerms(start, deadline - 1).cancellable).toBe(true);
    expect(cancellationTerms(start, deadline).cancellable).toBe(false);
  });

  it('reads ISO strings and milliseconds alike', () => {
    const iso = new Date(start).toISOString();
    expect(cancellationTerms(iso, new Date(start - 48 * HOUR).toISOString())).toEqual(
      cancellationTerms(start, start - 48 * HOUR),
    );
  });
});
