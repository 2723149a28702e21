import { WEEK_STARTS_ON } from '@ustaz/contract/constants';
import { useCallback, useMemo, useState } from 'react';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { addDays, type DayKey, dayKeyInZone, weekStartOf } from '../../shared/lib/dates/calendar.ts';
import { viewerTimeZone } from '../../shared/lib/dates/formats.ts';
import { useOwnSlots } from './api/own-slots.ts';
import { slotsOfWeek, weekRange } from './zoned-time.ts';

/** How many weeks ahead the editor lets a teacher plan. */
const AVAILABILITY_WEEKS_AHEAD = 12;

/**
 * The week the availability editor shows, in the teacher's zone (`zoneSetting`, else the
 * viewer's): today, the weeks it may step through, and that week's own slots day by day.
 */
export function useAvailabilityWeek(zoneSetting: string | undefined, fixedNow: Date | undefined) {
  const language = useCurrentLanguage();
  const zone = useMemo(() => zoneSetting ?? viewerTimeZone(), [zoneSetting]);
  const now = useCallback(() => fixedNow ?? new Date(), [fixedNow]);
  const today = dayKeyInZone(now(), zone) ?? new Date().toISOString().slice(0, 10);
  const firstWeek = weekStartOf(today, WEEK_STARTS_ON[language]);
  const lastWeek = addDays(firstWeek, 7 * AVAILABILITY_WEEKS_AHEAD);
  const [chosenWeek, setChosenWeek] = useState<DayKey | null>(null);
  // A week chosen in the other language starts on its other first day: realign it.
  const week = weekStartOf(chosenWeek ?? firstWeek, WEEK_STARTS_ON[language]);
  const range = useMemo(() => weekRange(week, zone), [week, zone]);
  const slots = useOwnSlots(range.from, range.to);
  const days = useMemo(() => slotsOfWeek(slots.data ?? [], week, zone), [slots.data, week, zone]);

  function showWeekOf(iso: string) {
    const day = dayKeyInZone(iso, zone);
    if (day) setChosenWeek(weekStartOf(day, WEEK_STARTS_ON[language]));
  }

  return { zone, now, today, firstWeek, lastWeek, week, setChosenWeek, slots, days, showWeekOf };
}
