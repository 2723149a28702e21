import { payoutRequestBodySchema } from '@ustaz/contract';
import { kwdToFils, readKwdText } from '@ustaz/contract/kwd';

export type PayoutAmountError = 'invalidAmount' | 'tooManyDecimals' | 'belowMinimum' | 'aboveAvailable';
export type PayoutAmountCheck = { ok: true; amount: string } | { ok: false; error: PayoutAmountError };

/**
 * A payout amount as typed, read by the contract's one amount parser (`readKwdText`: Arabic-Indic
 * digits, ٫, and ٬ only between groups of three): at least the minimum and at most what is available (fils).
 * The contract's schema is the rule the server applies; the server checks the available amount again.
 */
export function checkPayoutAmount(raw: string, availableFils: number): PayoutAmountCheck {
  const reading = readKwdText(raw);
  if (!reading.ok)
    return { ok: false, error: reading.error === 'tooManyDecimals' ? 'tooManyDecimals' : 'invalidAmount' };
  const fils = kwdToFils(reading.text);
  if (fils <= 0) return { ok: false, error: 'invalidAmount' };
  if (fils > availableFils) return { ok: false, error: 'aboveAvailable' };
  const parsed = payoutRequestBodySchema.shape.amount.safeParse(reading.text);
  return parsed.success ? { ok: true, amount: parsed.data } : { ok: false, error: 'belowMinimum' };
}
