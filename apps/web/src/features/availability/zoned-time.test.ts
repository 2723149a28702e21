import { describe, expect, it } from 'vitest';
import { ownSlot } from './availability-test-data.ts';
import { minutesBetween, slotsOfWeek, timeOfDayInZone, weekRange, zonedToIso } from './zoned-time.ts';

describe('zonedToIso', () => {
  it('reads a day and wall-clock time in the given zone', () => {
    expect(zonedToIso('2026-03-14', '18:30', 'Asia/Kuwait')).toBe('2026-03-14T15:30:00.000Z');
    expect(zonedToIso('2026-03-14', '00:00', 'UTC')).toBe('2026-03-14T00:00:00.000Z');
    expect(zonedToIso('2026-01-15', '09:00', 'America/New_York')).toBe('2026-01-15T14:00:00.000Z');
  });

  it('uses the offset in force on that day across a daylight-saving change', () => {
    expect(zonedToIso('2026-07-15', '09:00', 'America/New_York')).toBe('2026-07-15T13:00:00.000Z');
    // 02:30 does not exist on 8 March 2026 in New York: it reads as the same span after the change.
    expect(zonedToIso('2026-03-08', '03:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
  });

  it('refuses a malformed day or time', () => {
    expect(zonedToIso('14/03/2026', '18:30', 'UTC')).toBeNull();
    expect(zonedToIso('2026-03-14', '24:00', 'UTC')).toBeNull();
    expect(zonedToIso('2026-03-14', '', 'UTC')).toBeNull();
  });
});

describe('timeOfDayInZone', () => {
  it('gives the wall clock of an instant', () => {
    expect(timeOfDayInZone('2026-03-14T15:30:00.000Z', 'Asia/Kuwait')).toBe('18:30');
    expect(timeOfDayInZone('2026-03-14T21:00:00.000Z', 'Asia/Kuwait')).toBe('00:00');
    expect(timeOfDayInZone('not a date', 'UTC')).toBe('');
  });
});

describe('minutesBetween', () => {
  it('measures a span on one day; an end of 00:00 is the midnight after', () => {
    expect(minutesBetween('18:00', '19:30')).toBe(90);
    expect(minutesBetween('23:00', '00:00')).toBe(60);
    expect(minutesBetween('19:00', '18:00')).toBe(-60);
    expect(minutesBetween('', '18:00')).toBeNull();
  });
});

describe('weeks', () => {
  it('a week runs from midnight of its first day to midnight a week later, in the zone', () => {
    expect(weekRange('2026-03-07', 'Asia/Kuwait')).toEqual({
      from: '2026-03-06T21:00:00.000Z',
      to: '2026-03-13T21:00:00.000Z',
    });
  });

  it('puts each slot on the day it starts in the zone, in time order, over seven days', () => {
    const late = ownSlot('2026-03-13T22:00:00.000Z', { id: 1 }); // Saturday 01:00 in Kuwait
    const early = ownSlot('2026-03-07T06:00:00.000Z', { id: 2 }); // Saturday 09:00
    const evening = ownSlot('2026-03-07T15:00:00.000Z', { id: 3 }); // Saturday 18:00
    const days = slotsOfWeek([evening, late, early], '2026-03-07', 'Asia/Kuwait');
    expect(days.map((day) => day.day)).toEqual([
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
    ]);
    expect(days[0]?.slots.map((s) => s.id)).toEqual([2, 3]);
    // 01:00 on the next Saturday belongs to the next week.
    expect(days.flatMap((day) => day.slots).map((s) => s.id)).not.toContain(1);
  });
});
