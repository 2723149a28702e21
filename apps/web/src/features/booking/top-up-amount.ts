import { MAX_TOP_UP_KWD, positiveKwdInputSchema, toAsciiDigits } from '@ustaz/contract';
import { filsToNumber } from '@ustaz/contract/kwd';

export type TopUpAmountError = 'invalidAmount' | 'tooManyDecimals' | 'tooBig';

export type TopUpAmountCheck = { ok: true; amount: string } | { ok: false; error: TopUpAmountError };

const amountSchema = positiveKwdInputSchema(MAX_TOP_UP_KWD);

/**
 * The top-up amount as typed (spec 5): present and greater than 0, else invalid-amount; at most 3
 * decimals (fils); at most MAX_TOP_UP_KWD. The contract's schema is the rule the server applies.
 * Arabic-Indic and Persian digits and the Arabic decimal separator are read as ASCII ("١٠٫٥" is 10.5).
 */
export function checkTopUpAmount(raw: string): TopUpAmountCheck {
  const text = toAsciiDigits(raw).trim();
  if (/^\d+\.\d{4,}$/.test(text)) return { ok: false, error: 'tooManyDecimals' };
  const result = amountSchema.safeParse(text);
  if (result.success) return { ok: true, amount: result.data };
  // The schema's refinements also run on text that is not a number: only a real amount is too big.
  if (/^\d+(\.\d{1,3})?$/.test(text) && Number(text) > MAX_TOP_UP_KWD) return { ok: false, error: 'tooBig' };
  return { ok: false, error: 'invalidAmount' };
}

/** A required amount ("7.2505", 7.25) as the field's starting text: rounded up to whole fils. */
export function amountFieldText(required: string | number | undefined): string {
  if (required === undefined) return '';
  const value = typeof required === 'number' ? required : Number(required);
  if (!Number.isFinite(value) || value <= 0) return '';
  const fils = Math.ceil(Math.round(value * 1_000_000) / 1000);
  return String(filsToNumber(fils));
}
