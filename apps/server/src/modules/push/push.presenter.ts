import { PUSH_KINDS, type PushSettings } from '@ustaz/contract';

/** The push switches as the API shows them: every kind, on unless the user turned it off. */
export const toPushSettings = (disabled: readonly string[]): PushSettings =>
  Object.fromEntries(PUSH_KINDS.map((kind) => [kind, !disabled.includes(kind)])) as PushSettings;
