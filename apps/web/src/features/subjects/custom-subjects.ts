/** Custom subjects of the subject-selection modal (spec 5 "Custom subject"). */

/** At most this many: with the chosen subject they stay within the API's 20 subjects[] values. */
export const MAX_CUSTOM_SUBJECTS = 10;
export const CUSTOM_SUBJECT_MAX_LENGTH = 100;

/**
 * The text as a chip: trimmed, inner spaces collapsed. A comma would split the comma-joined
 * address parameter, so it counts as a space.
 */
export function normalizeCustomSubject(text: string): string {
  return text.replace(/,/g, ' ').replace(/\s+/g, ' ').trim().slice(0, CUSTOM_SUBJECT_MAX_LENGTH);
}

export function hasCustomSubject(list: readonly string[], name: string): boolean {
  const key = normalizeCustomSubject(name).toLocaleLowerCase();
  return list.some((item) => item.toLocaleLowerCase() === key);
}

export type AddResult = { list: string[]; added: string | null };

/**
 * Enter in the custom-subject field: blank text and duplicates (any letter case) are ignored, and
 * so is anything past the maximum. `added` is the new chip, or null when nothing changed.
 */
export function addCustomSubject(list: readonly string[], text: string): AddResult {
  const name = normalizeCustomSubject(text);
  if (!name || hasCustomSubject(list, name) || list.length >= MAX_CUSTOM_SUBJECTS) {
    return { list: [...list], added: null };
  }
  return { list: [...list, name], added: name };
}

export function removeCustomSubject(list: readonly string[], name: string): string[] {
  const key = name.toLocaleLowerCase();
  return list.filter((item) => item.toLocaleLowerCase() !== key);
}
