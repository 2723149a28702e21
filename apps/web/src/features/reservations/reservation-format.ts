import type { Language } from '@ustaz/contract/constants';
import { INTL_LOCALES } from '../../shared/lib/format.ts';

/** A number of hours with at most 2 decimals (1, 1.5, 0.75) in the viewer's digits. */
export function formatHours(hours: number, language: Language): string {
  return new Intl.NumberFormat(INTL_LOCALES[language], { maximumFractionDigits: 2 }).format(hours);
}
