import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, LANGUAGES, type Language } from '@ustaz/contract';

/** One cookie's value from a `Cookie` header, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * The ranges of an `Accept-Language` header, best first (RFC 9110: `q` from 0 to 1, default 1;
 * equal weights keep the header's order). A malformed weight counts as 0.
 */
export function acceptedLanguages(header: string | undefined): { range: string; q: number }[] {
  const ranges: { range: string; q: number; index: number }[] = [];
  for (const [index, item] of (header ?? '').split(',').entries()) {
    const [rangePart, ...params] = item.split(';');
    const range = rangePart?.trim().toLowerCase() ?? '';
    if (!range) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((s) => s.trim());
      if (key?.toLowerCase() !== 'q') continue;
      q = value && /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value) ? Number(value) : 0;
    }
    ranges.push({ range, q, index });
  }
  return ranges.sort((a, b) => b.q - a.q || a.index - b.index).map(({ range, q }) => ({ range, q }));
}

/**
 * The language of a first visit to `/` or another unprefixed path (ADR 004): the switcher's
 * cookie, else the browser's best-weighted supported language (`en-GB` counts as en; a wildcard
 * or nothing supported gives the default), else ar.
 */
export function firstVisitLanguage(headers: { cookie?: string; 'accept-language'?: string }): Language {
  const chosen = cookieValue(headers.cookie, LANGUAGE_COOKIE.name);
  if (isLanguage(chosen)) return chosen;
  for (const { range, q } of acceptedLanguages(headers['accept-language'])) {
    if (q <= 0) continue;
    if (range === '*') return DEFAULT_LANGUAGE;
    const primary = range.split('-')[0];
    const language = LANGUAGES.find((candidate) => candidate === primary);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
