import type { Language } from '@ustaz/contract/constants';
import type { Translate } from '../i18n/translate.ts';
import { formatDecimal } from '../lib/format.ts';

/**
 * "3 hours" / "٣ ساعات" / "1.5 hours": the `hours` plural of the payment namespace, with the
 * number in the viewer's digits (at most 2 decimals). Pass a `t` that has the payment namespace.
 */
export function formatHours(hours: number, language: Language, t: Translate): string {
  return t('hours', { ns: 'payment', count: hours, number: formatHoursNumber(hours, language) });
}

/** A number of hours alone ("1.5", "١٫٥", "0.75"): the one hours formatter of the site and the dashboard. */
export function formatHoursNumber(hours: number, language: Language): string {
  return formatDecimal(hours, language, 2);
}
