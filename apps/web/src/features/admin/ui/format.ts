import type { Language } from '@ustaz/contract/constants';
import { formatDateTime as formatDateTimeIn } from '../../../shared/lib/dates/formats.ts';

/** A date and time in the viewer's zone and language ("22 Nov 2026, 14:05"). */
export function formatDateTime(iso: string | null | undefined, language: Language): string {
  if (!iso) return '—';
  return formatDateTimeIn(iso, language) || '—';
}
