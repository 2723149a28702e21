import { z } from 'zod';

/** Whether Intl knows this IANA zone name ("Asia/Kuwait", "Europe/London", "UTC"). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A zone setting (a teacher's lesson zone, a user's browser zone): an IANA name Intl knows, else 422 `invalidTimeZone`. */
export const timeZoneSchema = z
  .string()
  .trim()
  .max(64)
  .refine(isTimeZone, { message: 'invalidTimeZone', params: { code: 'invalidTimeZone' } });
