import { payoutRequestBodySchema } from '@ustaz/contract';
import { readTypedKwd } from '../../shared/money/typed-kwd.ts';

export type PayoutAmountError = 'invalidAmount' | 'tooManyDecimals' | 'belowMinimum' | 'aboveAvailable';
export type PayoutAmountCheck = { ok: true; amount: string } | { ok: false; error: PayoutAmountError };

/**
 * A payout amount as typed (readTypedKwd): at least the minimum and at most what is available
 * (fils). The contract's schema is the rule the server applies; the server checks the available
 * amount again.
 */
export function checkPayoutAmount(raw: string, availableFils: number): PayoutAmountCheck {
  const typed = readTypedKwd(raw);
  if (!typed.ok) return typed;
  if (typed.fils <= 0) return { ok: false, error: 'invalidAmount' };
  if (typed.fils > availableFils) return { ok: false, error: 'aboveAvailable' };
  const parsed = payoutRequestBodySchema.shape.amount.safeParse(typed.text);
  return parsed.success ? { ok: true, amount: parsed.data } : { ok: false, error: 'belowMinimum' };
}
