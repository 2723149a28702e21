import type { Language } from '@ustaz/contract/constants';
import { isolate } from '../../shared/lib/bidi.ts';
import { formatLessonMoment } from '../../shared/lib/dates/formats.ts';
import { formatKwd, formatNumber } from '../../shared/lib/format.ts';

// The values a notification's data carries, read defensively (older notices lack some) for its text.

const PAYMENT_PURPOSES = ['top_up', 'booking', 'subscription'] as const;
/** Where the wallet sits on the profile page (its heading's id). */
export const WALLET_PATH = '/profile#wallet-title';

export function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

export function positiveInteger(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : null;
}

/** A payment's purpose as its texts name it; `move` is a dearer move's top-up (issue 32, ADR 033). */
const PURPOSE_TEXTS: readonly unknown[] = [...PAYMENT_PURPOSES, 'move'];

export function purposeOf(value: unknown): string {
  return PURPOSE_TEXTS.includes(value) ? String(value) : 'other';
}

export function amountText(value: unknown, language: Language): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  return formatKwd(value, language);
}

/** A lesson's start or a deadline in the viewer's language and zone ("Sat, Mar 14, 6:00 PM"); null if unreadable. */
export function lessonMoment(value: unknown, language: Language): string | null {
  if (typeof value !== 'string') return null;
  return formatLessonMoment(value, language) || null;
}

/**
 * The other party's name (the teacher's for a student, the student's for a teacher) and the
 * lesson's start in the reader's language and zone; null when the notification carries neither.
 */
export function otherPartyAndStart(
  data: Record<string, unknown>,
  language: Language,
): { name: string; date: string } | null {
  const name = text(data.teacherName) || text(data.studentName);
  const date = lessonMoment(data.startTime, language);
  return name && date ? { name: isolate(name), date } : null;
}

export function countValues(count: number, language: Language) {
  return { count, number: formatNumber(count, language) };
}
