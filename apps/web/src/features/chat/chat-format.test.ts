import { describe, expect, it } from 'vitest';
import { formatTime } from '../../shared/lib/dates/formats.ts';
import { dayKey, dayLabel, formatFileSize, groupByDay, listTimeLabel } from './chat-format.ts';

const KUWAIT = 'Asia/Kuwait';
const NOW = new Date('2026-03-10T09:00:00.000Z'); // Tuesday 12:00 in Kuwait

describe('chat dates and times', () => {
  it('finds the calendar day in the viewer zone', () => {
    expect(dayKey('2026-03-09T22:30:00.000Z', KUWAIT)).toBe('2026-03-10');
    expect(dayKey('2026-03-09T22:30:00.000Z', 'UTC')).toBe('2026-03-09');
    expect(dayKey('not a date', KUWAIT)).toBe('');
  });

  it.each([
    ['2026-03-09T22:30:00.000Z', 'en', { kind: 'today' }],
    ['2026-03-09T08:00:00.000Z', 'en', { kind: 'yesterday' }],
    ['2026-03-01T08:00:00.000Z', 'en', { kind: 'date', text: 'Sunday, March 1' }],
    ['2025-12-31T08:00:00.000Z', 'en', { kind: 'date', text: 'Wednesday, December 31, 2025' }],
    ['2026-03-01T08:00:00.000Z', 'ar', { kind: 'date', text: 'الأحد، ١ مارس' }],
  ] as const)('labels the day of %s (%s) as today, yesterday or the full date', (iso, language, label) => {
    expect(dayLabel(iso, NOW, language, KUWAIT)).toEqual(label);
  });

  it('writes message times in the viewer language and zone', () => {
    expect(formatTime('2026-03-10T08:05:00.000Z', 'en', KUWAIT)).toBe('11:05 AM');
    expect(formatTime('2026-03-10T08:05:00.000Z', 'ar', KUWAIT)).toBe('١١:٠٥ ص');
  });

  it.each([
    ['2026-03-10T06:00:00.000Z', 'en', { kind: 'date', text: '9:00 AM' }],
    ['2026-03-09T06:00:00.000Z', 'en', { kind: 'yesterday' }],
    ['2026-03-05T06:00:00.000Z', 'en', { kind: 'date', text: 'Thursday' }],
    ['2026-02-20T06:00:00.000Z', 'en', { kind: 'date', text: 'Feb 20' }],
    ['2025-02-20T06:00:00.000Z', 'en', { kind: 'date', text: 'Feb 20, 2025' }],
    ['2026-02-20T06:00:00.000Z', 'ar', { kind: 'date', text: '٢٠ فبراير' }],
  ] as const)(
    'gives the list %s (%s) as the time today, yesterday, a weekday within a week, else the short date',
    (iso, language, label) => {
      expect(listTimeLabel(iso, NOW, language, KUWAIT)).toEqual(label);
    },
  );

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
