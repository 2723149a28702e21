import path from 'node:path';
import { WEEK_STARTS_ON } from '@ustaz/contract/constants';
import { describe, expect, it } from 'vitest';
import { linesMatching, SRC_DIR, sourceFiles } from '../../test/source-files.ts';
import { dayKeyInZone, weekdayOf, weekStartOf } from './calendar.ts';
import { formatDateTime, formatLessonMoment, lessonTimeRanges, timeZoneChoices, timeZoneLongName } from './formats.ts';

describe('dayKeyInZone', () => {
  it('gives the calendar day of an instant in the zone asked for', () => {
    // 22:30 UTC on Friday 13 March is already Saturday 14 March in Kuwait (UTC+3).
    expect(dayKeyInZone('2026-03-13T22:30:00.000Z', 'Asia/Kuwait')).toBe('2026-03-14');
    expect(dayKeyInZone('2026-03-13T22:30:00.000Z', 'UTC')).toBe('2026-03-13');
    expect(dayKeyInZone('2026-03-14T02:00:00.000Z', 'America/New_York')).toBe('2026-03-13');
    expect(dayKeyInZone('not a date', 'UTC')).toBeNull();
  });
});

describe('weeks', () => {
  it('start on Saturday in Arabic and Sunday in English', () => {
    // Monday 16 March 2026.
    expect(weekdayOf('2026-03-16')).toBe(1);
    expect(weekStartOf('2026-03-16', WEEK_STARTS_ON.ar)).toBe('2026-03-14');
    expect(weekStartOf('2026-03-16', WEEK_STARTS_ON.en)).toBe('2026-03-15');
    // A Saturday starts its own Arabic week but ends the English one.
    expect(weekStartOf('2026-03-14', WEEK_STARTS_ON.ar)).toBe('2026-03-14');
    expect(weekStartOf('2026-03-14', WEEK_STARTS_ON.en)).toBe('2026-03-08');
  });
});

describe('date formatters', () => {
  it('are built only under shared/lib/dates/: features use its named formatters', () => {
    const others = sourceFiles(SRC_DIR).filter((file) => !file.startsWith(`${__dirname}${path.sep}`));
    expect(linesMatching(others, /\bIntl\.DateTimeFormat\s*\(/)).toEqual([]);
  });

  it('give an empty string for a bad date, and the same text for an ISO string or a Date', () => {
    expect(formatDateTime('not a date', 'en')).toBe('');
    const first = formatLessonMoment('2026-03-14T15:00:00.000Z', 'en', 'Asia/Kuwait');
    expect(first).toBe(formatLessonMoment(new Date('2026-03-14T15:00:00.000Z'), 'en', 'Asia/Kuwait'));
    expect(first).toContain('6:00');
  });
});

describe('lessonTimeRanges', () => {
  const lesson = { startTime: '2026-03-14T15:00:00.000Z', endTime: '2026-03-14T16:00:00.000Z' };
  it("gives the other party's range only when their zone shows another time", () => {
    const both = lessonTimeRanges(lesson, 'en', 'Asia/Kuwait', 'Europe/London');
    expect(both.mine).toMatch(/^6:00\s–\s7:00\sPM$/);
    expect(both.theirs).toMatch(/^3:00\s–\s4:00\sPM$/);
    expect(lessonTimeRanges(lesson, 'en', 'Asia/Kuwait', 'Asia/Riyadh').theirs).toBeNull();
    expect(lessonTimeRanges(lesson, 'en', 'Asia/Kuwait', null).theirs).toBeNull();
  });
});

describe('timeZoneLongName', () => {
  it("names a zone in the viewer's language, as it is at that moment, and keeps the id of an unknown one", () => {
    expect(timeZoneLongName('Asia/Kuwait', 'en')).toBe('Arabian Standard Time');
    expect(timeZoneLongName('Asia/Kuwait', 'ar')).toBe('التوقيت العربي الرسمي');
    expect(timeZoneLongName('Europe/London', 'en', new Date('2026-01-10T12:00:00.000Z'))).toBe('Greenwich Mean Time');
    expect(timeZoneLongName('Europe/London', 'en', new Date('2026-07-10T12:00:00.000Z'))).toBe('British Summer Time');
    expect(timeZoneLongName('Mars/Olympus_Mons', 'ar')).toBe('Mars/Olympus_Mons');
  });
});

describe('timeZoneChoices', () => {
  it('lists the known zones by their names in the language, in the order of the names, with the current one kept', () => {
    const choices = timeZoneChoices('Asia/Kuwait', 'ar');
    expect(choices).toContainEqual({ id: 'Asia/Kuwait', name: 'التوقيت العربي الرسمي' });
    expect(choices.filter((zone) => zone.id === 'Asia/Kuwait')).toHaveLength(1);
    const names = choices.map((zone) => zone.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'ar-KW')));
    expect(choices.length).toBeGreaterThan(100);
    // A zone the browser does not list stays choosable under its id.
    expect(timeZoneChoices('Mars/Olympus_Mons', 'en')).toContainEqual({
      id: 'Mars/Olympus_Mons',
      name: 'Mars/Olympus_Mons',
    });
  });
});
