import type { Language } from './constants.ts';

/**
 * The Arabic letters, as a regular-expression class that JavaScript (with the `u` flag) and
 * PostgreSQL read alike (both take `\uXXXX`): the Arabic block's letters, its supplement and
 * extended-A blocks, and the presentation forms. The Arabic block's digits and punctuation (٣ ، ؟)
 * and its diacritics are no letters: "٣" alone is not Arabic text. Migration 0031 backfills with it.
 */
export const ARABIC_LETTER_CLASS =
  '[\\u0620-\\u064A\\u066E\\u066F\\u0671-\\u06D3\\u06D5\\u06EE\\u06EF\\u06FA-\\u06FC\\u06FF\\u0750-\\u077F\\u08A0-\\u08C9\\uFB50-\\uFDFB\\uFE70-\\uFEFC]';

const ARABIC_LETTER = new RegExp(ARABIC_LETTER_CLASS, 'u');

/**
 * The language a text a user wrote is in, by its script (issue 30 item 6): any Arabic letter makes
 * it Arabic, anything else (Latin, digits only, empty) English. Reviews store it when written, so
 * lists can show the page's language's first.
 */
export function textLanguage(text: string): Language {
  return ARABIC_LETTER.test(text) ? 'ar' : 'en';
}
