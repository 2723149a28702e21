import type { TFunction } from 'i18next';

type StringTranslate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A `t` of any namespace, or a plain function, called with a key made at run time. This is the one
 * escape hatch from typed translation keys (i18next.d.ts): it is for keys that come from data (a
 * server error code, a form rule's message, a notification's type), which no typed map can name.
 * Every other `t(...)` names a key of the en locale files, or tsc fails. A key missing at run time
 * still shows: in the console in development, and in `missing` of createTestI18n in tests.
 */
// biome-ignore lint/suspicious/noExplicitAny: any namespace's t is accepted here, by design
export type Translate = TFunction<any, any> | StringTranslate;

/** `t(key, options)` for a key made at run time (see Translate). */
export function translate(t: Translate, key: string, options?: Record<string, unknown>): string {
  return (t as StringTranslate)(key, options);
}
