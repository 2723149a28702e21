import type { Language, StatementLine } from '@ustaz/contract';

/** Excel reads a CSV as UTF-8 (Arabic names intact) only when it starts with this byte order mark. */
export const UTF8_BOM = '\uFEFF';

const HEADERS = {
  ar: ['التاريخ', 'النوع', 'الطالب', 'المدفوع (د.ك)', 'العمولة (د.ك)', 'المبلغ (د.ك)', 'الحالة'],
  en: ['Date', 'Type', 'Student', 'Paid (KWD)', 'Fee (KWD)', 'Amount (KWD)', 'Status'],
} as const;

const WORDS = {
  ar: {
    lesson: 'درس',
    payout: 'سحب',
    pending: 'لم يُعطَ بعد',
    earned: 'مكتسب',
    requested: 'قيد المراجعة',
    paid: 'تم التحويل',
    rejected: 'مرفوض',
  },
  en: {
    lesson: 'Lesson',
    payout: 'Payout',
    pending: 'Upcoming',
    earned: 'Earned',
    requested: 'Requested',
    paid: 'Paid',
    rejected: 'Rejected',
  },
} as const;

/** The statement's times, in the marketplace's own zone (a file has no viewer's zone): "2026-11-25 18:00". */
const dateTime = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kuwait',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function when(iso: string): string {
  const parts = Object.fromEntries(dateTime.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled.
 * Text a user wrote (a name) that starts like a formula (= + - @) gets a leading apostrophe, so a
 * spreadsheet shows it instead of running it (OWASP "CSV injection").
 */
export function csvField(value: string, userText = false): string {
  const safe = userText && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A teacher's statement as CSV: BOM, a header row in `language`, one row per line, CRLF line ends. */
export function statementCsv(lines: StatementLine[], language: Language): string {
  const words = WORDS[language];
  const rows = lines.map((line) =>
    [
      csvField(when(line.date)),
      csvField(words[line.kind]),
      csvField(line.studentName ?? '', true),
      csvField(line.gross ?? ''),
      csvField(line.fee ?? ''),
      csvField(line.amount),
      csvField(words[line.status]),
    ].join(','),
  );
  return `${UTF8_BOM}${[HEADERS[language].map((header) => csvField(header)).join(','), ...rows].join('\r\n')}\r\n`;
}
