import { describe, expect, it } from 'vitest';
import { formatTime } from '../../shared/lib/dates.ts';
import { dayKey, dayLabel, formatFileSize, groupByDay, listTimeLabel } from './chat-format.ts';

const KUWAIT = 'Asia/Kuwait';
const NOW = new Date('2026-03-10T09:00:00.000Z'); // Tuesday 12:00 in Kuwait

describe('chat dates and times', () => {
  it('finds the calendar day in the viewer zone', () => {
    expect(dayKey('2026-03-09T22:30:00.000Z', KUWAIT)).toBe('2026-03-10');
    expect(dayKey('2026-03-09T22:30:00.000Z', 'UTC')).toBe('2026-03-09');
    expect(dayKey('not a date', KUWAIT)).toBe('');
  });

  it('labels days as today, yesterday or the full date', () => {
    expect(dayLabel('2026-03-09T22:30:00.000Z', NOW, 'en', KUWAIT)).toEqual({ kind: 'today' });
    expect(dayLabel('2026-03-09T08:00:00.000Z', NOW, 'en', KUWAIT)).toEqual({ kind: 'yesterday' });
    expect(dayLabel('2026-03-01T08:00:00.000Z', NOW, 'en', KUWAIT)).toEqual({ kind: 'date', text: 'Sunday, March 1' });
    expect(dayLabel('2025-12-31T08:00:00.000Z', NOW, 'en', KUWAIT)).toEqual({
      kind: 'date',
      text: 'Wednesday, December 31, 2025',
    });
    expect(dayLabel('2026-03-01T08:00:00.000Z', NOW, 'ar', KUWAIT)).toEqual({ kind: 'date', text: 'الأحد، ١ مارس' });
  });

  it('writes message times in the viewer language and zone', () => {
    expect(formatTime('2026-03-10T08:05:00.000Z', 'en', KUWAIT)).toBe('11:05 AM');
    expect(formatTime('2026-03-10T08:05:00.000Z', 'ar', KUWAIT)).toBe('١١:٠٥ ص');
  });

  it('gives the list the time today, yesterday, a weekday within a week, else the short date', () => {
    expect(listTimeLabel('2026-03-10T06:00:00.000Z', NOW, 'en', KUWAIT)).toEqual({ kind: 'date', text: '9:00 AM' });
    expect(listTimeLabel('2026-03-09T06:00:00.000Z', NOW, 'en', KUWAIT)).toEqual({ kind: 'yesterday' });
    expect(listTimeLabel('2026-03-05T06:00:00.000Z', NOW, 'en', KUWAIT)).toEqual({ kind: 'date', text: 'Thursday' });
    expect(listTimeLabel('2026-02-20T06:00:00.000Z', NOW, 'en', KUWAIT)).toEqual({ kind: 'date', text: 'Feb 20' });
    expect(listTimeLabel('2025-02-20T06:00:00.000Z', NOW, 'en', KUWAIT)).toEqual({
      kind: 'date',
      text: 'Feb 20, 2025',
    });
    expect(listTimeLabel('2026-02-20T06:00:00.000Z', NOW, 'ar', KUWAIT)).toEqual({ kind: 'date', text: '٢٠ فبراير' });
  });

  it('cuts items into runs of one day', () => {
    const items = ['2026-03-09T08:00:00.000Z', '2026-03-09T20:59:00.000Z', '2026-03-09T21:00:00.000Z'];
    const groups = groupByDay(items, (item) => item, KUWAIT);
    // 20:59 UTC is 23:59 in Kuwait; 21:00 UTC is midnight.
    expect(groups.map((group) => [group.day, group.items.length])).toEqual([
      ['2026-03-09', 2],
      ['2026-03-10', 1],
    ]);
    expect(groups[1]?.first).toBe('2026-03-09T21:00:00.000Z');
  });

  it('writes file sizes', () => {
    expect(formatFileSize(512, 'en')).toBe('512 byte');
    expect(formatFileSize(1536, 'en')).toBe('1.5 kB');
    expect(formatFileSize(3 * 1024 * 1024, 'en')).toBe('3 MB');
  });
});
