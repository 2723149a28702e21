import { MAX_TOP_UP_KWD, positiveKwdInputSchema } from '@ustaz/contract';
import { filsToNumber } from '@ustaz/contract/kwd';
import { readTypedKwd } from '../../shared/money/typed-kwd.ts';

export type TopUpAmountError = 'invalidAmount' | 'tooManyDecimals' | 'tooBig';

export type TopUpAmountCheck = { ok: true; amount: string } | { ok: false; error: TopUpAmountError };

const amountSchema = positiveKwdInputSchema(MAX_TOP_UP_KWD);

/**
 * The top-up amount as typed (spec 5): present and greater than 0, else invalid-amount; at most 3
 * decimals (fils); at most MAX_TOP_UP_KWD. The contract's schema is the rule the server applies.
 * Read by the contract's one amount parser (readTypedKwd): "١٠٫٥" is 10.5, "1٬500" is 1500, "1٬5" is refused.
 */
export function checkTopUpAmount(raw: string): TopUpAmountCheck {
  const typed = readTypedKwd(raw);
  if (!typed.ok) return typed;
  const result = amountSchema.safeParse(typed.text);
  if (result.success) return { ok: true, amount: result.data };
  return { ok: false, error: Number(typed.text) > MAX_TOP_UP_KWD ? 'tooBig' : 'invalidAmount' };
}

/** A required amount ("7.2505", 7.25) as the field's starting text: rounded up to whole fils. */
export function amountFieldText(required: string | number | undefined): string {
  if (required === undefined) return '';
  const value = typeof required === 'number' ? required : Number(required);
  if (!Number.isFinite(value) || value <= 0) return '';
  const fils = Math.ceil(Math.round(value * 1_000_000) / 1000);
  return String(filsToNumber(fils));
}
