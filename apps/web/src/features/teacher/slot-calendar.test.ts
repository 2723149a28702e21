import type { TimeSlot } from '@ustaz/contract';
import { WEEK_STARTS_ON } from '@ustaz/contract/constants';
import { describe, expect, it } from 'vitest';
import { groupSlotsByDay, groupSlotsByWeek, slotPrice, slotsTotal } from './slot-calendar.ts';
import { ARABIC_WEEK_OF_14_MARCH, timeSlot } from './teacher-test-data.ts';

/** A test slot (teacher-test-data's) at 10 KWD. */
function slot(startTime: string, overrides: Partial<TimeSlot> = {}): TimeSlot {
  return timeSlot(startTime, { price: '10.000', ...overrides });
}

describe('groupSlotsByDay', () => {
  const late = slot('2026-03-13T22:30:00.000Z');
  const morning = slot('2026-03-14T06:00:00.000Z');
  const earlier = slot('2026-03-13T20:00:00.000Z');

  it('groups by the day in the viewer zone, days and slots in time order', () => {
    const kuwait = groupSlotsByDay([morning, late, earlier], 'Asia/Kuwait');
    expect(kuwait.map((d) => [d.day, d.slots.map((s) => s.id)])).toEqual([
      ['2026-03-13', [earlier.id]],
      ['2026-03-14', [late.id, morning.id]],
    ]);
  });

  it('moves the same slots to other days in another zone', () => {
    const utc = groupSlotsByDay([morning, late, earlier], 'UTC');
    expect(utc.map((d) => [d.day, d.slots.map((s) => s.id)])).toEqual([
      ['2026-03-13', [earlier.id, late.id]],
      ['2026-03-14', [morning.id]],
    ]);
  });

  it('leaves out slots whose start cannot be read', () => {
    expect(groupSlotsByDay([slot('2026-03-14T06:00:00.000Z'), { ...morning, startTime: 'soon' }], 'UTC')).toHaveLength(
      1,
    );
  });
});

describe('groupSlotsByWeek', () => {
  it("holds seven days a week from the language's first day, and only weeks with slots", () => {
    const saturday = slot('2026-03-14T09:00:00.000Z');
    const sunday = slot('2026-03-15T09:00:00.000Z');
    const later = slot('2026-03-30T09:00:00.000Z');
    const slots = [later, sunday, saturday];

    const arabic = groupSlotsByWeek(slots, { timeZone: 'Asia/Kuwait', weekStartsOn: WEEK_STARTS_ON.ar });
    expect(arabic.map((w) => w.start)).toEqual(['2026-03-14', '2026-03-28']);
    expect(arabic[0]?.days.map((d) => d.day)).toEqual(ARABIC_WEEK_OF_14_MARCH);
    expect(arabic[0]?.days.map((d) => d.slots.length)).toEqual([1, 1, 0, 0, 0, 0, 0]);

    // In English, Saturday and Sunday fall in different weeks.
    const english = groupSlotsByWeek(slots, { timeZone: 'Asia/Kuwait', weekStartsOn: WEEK_STARTS_ON.en });
    expect(english.map((w) => w.start)).toEqual(['2026-03-08', '2026-03-15', '2026-03-29']);
    expect(english[0]?.days.at(-1)?.slots.map((s) => s.id)).toEqual([saturday.id]);
    expect(english[1]?.days[0]?.slots.map((s) => s.id)).toEqual([sunday.id]);
  });
});

describe('prices', () => {
  it('reads decimal strings and refuses anything else', () => {
    expect(slotPrice({ price: '12.500' })).toBe(12.5);
    expect(slotPrice({ price: '0' })).toBe(0);
    expect(slotPrice({ price: 'free' })).toBeNull();
    expect(slotPrice({ price: '' })).toBeNull();
    expect(slotPrice({ price: null as unknown as string })).toBeNull();
  });

  it('totals the chosen slots with a non-numeric price counted as zero', () => {
    expect(slotsTotal([{ price: '12.500' }, { price: 'n/a' }, { price: '7.250' }])).toBe(19.75);
    expect(slotsTotal([{ price: '0.100' }, { price: '0.200' }])).toBe(0.3);
    expect(slotsTotal([{ price: 'n/a' }])).toBe(0);
    expect(slotsTotal([])).toBe(0);
  });
});
