/** Test data helper: the start and end of the hour from `startTime` (a UTC ISO string), for slot factories. */
export function hourFrom(startTime: string): { startTime: string; endTime: string } {
  return { startTime, endTime: new Date(Date.parse(startTime) + 3_600_000).toISOString() };
}
