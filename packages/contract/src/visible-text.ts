import type { z } from 'zod';

/**
 * Characters that change how text around them is shown without being seen themselves: the bidi
 * embeddings and overrides (U+202A-202E; U+202E turns "Ahmad" into "damhA" on the page), the bidi
 * isolates (U+2066-2069), and the zero-width space, non-joiner and joiner, word joiner and BOM
 * (U+200B-200D, U+2060, U+FEFF). Names, bios, majors and the bank holder name refuse them (issue 29).
 * The left-to-right and right-to-left marks (U+200E, U+200F) stay allowed: they reorder nothing.
 */
export const INVISIBLE_CONTROLS = /[\u200B-\u200D\u2060\uFEFF\u202A-\u202E\u2066-\u2069]/;

/** Whether `text` holds one of INVISIBLE_CONTROLS. */
export function hasInvisibleControls(text: string): boolean {
  return INVISIBLE_CONTROLS.test(text);
}

/** A text schema that also refuses INVISIBLE_CONTROLS with the field code `invalidCharacters`. */
export function visibleText<T extends z.ZodString>(schema: T): T {
  return schema.refine((text) => !hasInvisibleControls(text), {
    message: 'invalidCharacters',
    params: { code: 'invalidCharacters' },
  }) as T;
}

/** `text` with every INVISIBLE_CONTROLS character removed: for names that come from elsewhere (a Google account). */
export function withoutInvisibleControls(text: string): string {
  return text.replace(new RegExp(INVISIBLE_CONTROLS.source, 'g'), '');
}
