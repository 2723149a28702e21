/**
 * iCalendar (RFC 5545) text for the calendar feed: TEXT values escaped (3.3.11), lines folded at
 * 75 octets without cutting a UTF-8 character (3.1), CRLF line ends, times in UTC.
 */

const CRLF = '\r\n';
/** A content line holds at most 75 octets; a continuation line starts with one space. */
const LINE_OCTETS = 75;

export type IcsEvent = {
  uid: string;
  start: Date;
  end: Date;
  /** When the lesson was booked (DTSTAMP of a published feed's event). */
  stamp: Date;
  summary: string;
  description: string;
  url: string;
  /** How many times the lesson moved (issue 32): SEQUENCE, so a calendar app replaces the event. */
  sequence?: number;
};

/** A TEXT value: backslash, semicolon, comma and line breaks escaped; other control characters dropped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/\p{Cc}/gu, '');
}

/** Folds a content line: at most 75 octets per line, cut between characters (never inside one). */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line, 'utf8') <= LINE_OCTETS) return line;
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  let room = LINE_OCTETS;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > room) {
      lines.push(current);
      current = '';
      octets = 0;
      room = LINE_OCTETS - 1; // the leading space of a continuation line counts
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join(`${CRLF} `);
}

/** A UTC DATE-TIME: 20261125T201500Z. */
export function icsTime(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** A whole VCALENDAR of published events. */
export function renderCalendar(calendar: { name: string; events: IcsEvent[] }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Ustaz//Lessons//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    // Calendar apps poll a subscribed feed; an hour keeps new bookings close without hammering it.
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...calendar.events.flatMap((event) => [
      'BEGIN:VEVENT',
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${icsTime(event.stamp)}`,
      `SEQUENCE:${event.sequence ?? 0}`,
      `DTSTART:${icsTime(event.start)}`,
      `DTEND:${icsTime(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
      `DESCRIPTION:${escapeText(event.description)}`,
      `URL:${event.url}`,
      'STATUS:CONFIRMED',
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join(CRLF)}${CRLF}`;
}
