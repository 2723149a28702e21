import { normalizeSearchText } from '@ustaz/contract';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** At most this many words of a query take part in a search (each one is a LIKE). */
export const MAX_SEARCH_WORDS = 8;

/**
 * An English word's trailing `s` dropped ("maths" -> "math", "languages" -> "language") when the
 * word has four or more Latin letters and does not end in "ss". Matching is by substring, so the
 * shorter word still finds everything the full one did, and stays three letters or more (trigram
 * index). Other words are kept as they are.
 */
export function withoutPluralS(word: string): string {
  return /^[a-z]{2,}[a-rt-z]s$/.test(word) ? word.slice(0, -1) : word;
}

/**
 * The words of a search query after the one shared normaliser (index and query alike), English
 * plurals reduced by `withoutPluralS`.
 */
export function searchWords(query: string | undefined): string[] {
  if (!query) return [];
  const words = normalizeSearchText(query).split(' ').filter(Boolean).map(withoutPluralS);
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/** `%word%` with LIKE's wildcards escaped (normalised text has none, but never trust it). */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Every word appears somewhere in a normalised `search_text` column. Served by the column's
 * trigram GIN index for words of three or more characters.
 */
export function containsAllWords(column: AnyColumn | SQL, words: string[]): SQL | undefined {
  if (words.length === 0) return undefined;
  return sql.join(
    words.map((word) => sql`${column} like ${containsPattern(word)}`),
    sql` and `,
  );
}
