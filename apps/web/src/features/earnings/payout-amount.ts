import { payoutRequestBodySchema, toAsciiDigits } from '@ustaz/contract';
import { readKwdFils } from '@ustaz/contract/kwd';

export type PayoutAmountError = 'invalidAmount' | 'tooManyDecimals' | 'belowMinimum' | 'aboveAvailable';
export type PayoutAmountCheck = { ok: true; amount: string } | { ok: false; error: PayoutAmountError };

/**
 * A payout amount as typed (Arabic-Indic digits and the Arabic decimal separator too): a plain KWD
 * amount with at most 3 decimals, at least the minimum and at most what is available (fils).
 * The contract's schema is the rule the server applies; the server checks the available amount again.
 */
export function checkPayoutAmount(raw: string, availableFils: number): PayoutAmountCheck {
  const text = toAsciiDigits(raw).trim();
  if (/^\d+\.\d{4,}$/.test(text)) return { ok: false, error: 'tooManyDecimals' };
  const fils = /^\d{1,7}(\.\d{1,3})?$/.test(text) ? readKwdFils(text) : null;
  if (fils === null || fils <= 0) return { ok: false, error: 'invalidAmount' };
  if (fils > availableFils) return { ok: false, error: 'aboveAvailable' };
  const parsed = payoutRequestBodySchema.shape.amount.safeParse(text);
  return parsed.success ? { ok: true, amount: parsed.data } : { ok: false, error: 'belowMinimum' };
}
