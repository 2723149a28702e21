const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The instant a calendar day (`2026-03-10`) starts in the viewer's time zone, shifted by `days`. */
function localDayStart(day: string, days = 0): string | undefined {
  const match = DAY.exec(day);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * The `from`/`to` query of a list filtered by calendar days picked in the viewer's zone: `from`
 * is the start of its day, `to` the start of the day after (the server treats an instant `to` as
 * the exclusive end), so from=to=one day lists that whole local day. The server would read bare
 * days in UTC, three hours off for Kuwait.
 */
export function dayRangeQuery(from: string, to: string): { from?: string; to?: string } {
  return { from: localDayStart(from), to: localDayStart(to, 1) };
}

/** A bad range (from after to) that can match nothing. */
export function isBackwardsRange(from: string, to: string): boolean {
  return DAY.test(from) && DAY.test(to) && from > to;
}
