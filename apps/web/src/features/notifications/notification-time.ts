import type { Language } from '@ustaz/contract/constants';
import { formatDateTime } from '../../shared/lib/dates/formats.ts';
import { INTL_LOCALES } from '../../shared/lib/format.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Older than this, a notification shows its date rather than "n days ago". */
const RELATIVE_LIMIT = 7 * DAY;

export type NotificationTime = {
  /** What the list shows: "now", "5 minutes ago", "yesterday", or the date for older ones. */
  label: string;
  /** The full date and time (the tooltip and the `<time>` element's title). */
  full: string;
};

/** When a notification came, in the viewer's language; null for a bad date. */
export function formatNotificationTime(
  iso: string,
  language: Language,
  now: Date,
  timeZone?: string,
): NotificationTime | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const locale = INTL_LOCALES[language];
  const full = formatDateTime(date, language, timeZone);
  // A clock a little ahead of the server's still reads "now".
  const age = Math.max(0, now.getTime() - date.getTime());
  if (age >= RELATIVE_LIMIT) return { label: full, full };
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  let label: string;
  if (age < MINUTE) label = relative.format(0, 'second');
  else if (age < HOUR) label = relative.format(-Math.floor(age / MINUTE), 'minute');
  else if (age < DAY) label = relative.format(-Math.floor(age / HOUR), 'hour');
  else label = relative.format(-Math.floor(age / DAY), 'day');
  return { label, full };
}
