import { DEFAULT_LANGUAGE, isLanguage } from '@ustaz/contract/constants';
import type { FormatterModule, InterpolationOptions } from 'i18next';
import { formatDecimal } from '../lib/format.ts';

/**
 * Values that are numbers but never take thousands separators: a year, a version, a record id
 * (written like formatId does, "#١٢٣٤٥" beside the same page's "الطلب ١٢٣٤٥"). A record id the
 * server sends as text ("pay_1002", a UUID) is a string and stays as written.
 */
const UNGROUPED = new Set(['year', 'version', 'id']);

/**
 * A number interpolated into a text, in the digits of the text's language (README.md in this
 * folder): `t('ui.characterCount', { count: 12, max: 500 })` is "١٢ / ٥٠٠" in Arabic and
 * "12 / 500" in English. Anything but a finite number (a name, an amount formatKwd wrote, an
 * IBAN, a number already formatted by formatNumber) is left as it is. The plural rule still
 * reads the raw `count` option: only the text's copy of it is formatted.
 */
export function formatInterpolatedValue(value: unknown, language: string | undefined, key?: string): unknown {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value;
  const lang = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  return formatDecimal(value, lang, 3, { grouping: key === undefined || !UNGROUPED.has(key) });
}

/**
 * i18next's formatter replaced by one that formats every interpolated number (used with
 * `interpolation.alwaysFormat`, see numberInterpolation). The locale files use no `{{x, format}}`.
 */
export const numberFormatter: FormatterModule = {
  type: 'formatter',
  init: () => {},
  add: () => {},
  addCached: () => {},
  format: (value, _format, language, options) =>
    formatInterpolatedValue(value, language, options?.interpolationkey as string | undefined) as string,
};

/** The interpolation options of every i18next instance of the app and the tests. */
export const numberInterpolation: InterpolationOptions = { escapeValue: false, alwaysFormat: true };
