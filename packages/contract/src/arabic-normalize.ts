import { toAsciiDigits } from './digits.ts';

/**
 * Normalises text for search, identically when indexing and when querying (ARCHITECTURE.md,
 * "Search"): Arabic diacritics and tatweel removed; hamza forms of alef (أ إ آ ٱ) to ا; alef
 * maqsura ى to ي; taa marbuta ة to ه; hamza on waw/ya (ؤ ئ) to و/ي; Arabic-Indic and Persian
 * digits to 0-9; Latin lower-cased with accents removed; runs of spaces and punctuation to one space.
 */
export function normalizeSearchText(input: string): string {
  return toAsciiDigits(input)
    .normalize('NFKD')
    .replace(/[\u064B-\u065F\u0670\u06D6-\u06ED]/g, '') // harakat, tanwin, shadda, sukun, dagger alef, Quranic marks
    .replace(/\u0640/g, '') // tatweel
    .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627') // آ أ إ ٱ -> ا
    .replace(/\u0649/g, '\u064A') // ى -> ي
    .replace(/\u0629/g, '\u0647') // ة -> ه
    .replace(/\u0624/g, '\u0648') // ؤ -> و
    .replace(/\u0626/g, '\u064A') // ئ -> ي
    .replace(/[\u0300-\u036f]/g, '') // Latin combining accents (after NFKD)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
