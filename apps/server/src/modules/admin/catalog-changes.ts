import { storableText } from '../../db/storable-text.ts';

/** What the catalogue writes share: the changed fields an audit row records, and storable free text. */

export type Changes = { before: Record<string, unknown>; after: Record<string, unknown> };

/** The fields of `next` whose value differs from `current` (compared as JSON), before and after. */
export function changedFields(current: Record<string, unknown>, next: Record<string, unknown>): Changes {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (value === undefined) continue;
    if (JSON.stringify(value) === JSON.stringify(current[key])) continue;
    before[key] = current[key] ?? null;
    after[key] = value;
  }
  return { before, after };
}

export const hasChanges = (changes: Changes) => Object.keys(changes.after).length > 0;

/** Free text as it can be stored (no NUL), for each string field given. */
export function storable<T extends Record<string, unknown>>(values: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    out[key] =
      typeof value === 'string'
        ? storableText(value)
        : Array.isArray(value)
          ? value.map((item) => (typeof item === 'string' ? storableText(item) : item))
          : value;
  }
  return out as T;
}
