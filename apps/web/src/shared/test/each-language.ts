import type { Language } from '@ustaz/contract/constants';
import { it } from 'vitest';

/**
 * Test helper: `test` once in Arabic and once in English (titled "ar: …" and "en: …"), given the
 * language and its `texts` (one locale file's, as imported by the test).
 */
export function itInEachLanguage<T>(
  title: string,
  texts: Record<Language, T>,
  test: (language: Language, texts: T) => Promise<void> | void,
) {
  it.each(['ar', 'en'] as const)(`%s: ${title}`, (language) => test(language, texts[language]));
}
