import { kwdToFils, readKwdText } from '@ustaz/contract/kwd';

/** A typed KWD amount: its ASCII text and its fils, or why it does not read as one. */
export type TypedKwd =
  | { ok: true; text: string; fils: number }
  | { ok: false; error: 'invalidAmount' | 'tooManyDecimals' };

/**
 * A KWD amount as a user typed it, read by the contract's one amount parser (`readKwdText`:
 * Arabic-Indic digits, ٫, and ٬ only between groups of three): more than 3 decimals (fils) is
 * `tooManyDecimals`, anything else unreadable `invalidAmount`. Each form adds its own limits.
 */
export function readTypedKwd(raw: string): TypedKwd {
  const reading = readKwdText(raw);
  if (!reading.ok)
    return { ok: false, error: reading.error === 'tooManyDecimals' ? 'tooManyDecimals' : 'invalidAmount' };
  return { ok: true, text: reading.text, fils: kwdToFils(reading.text) };
}
