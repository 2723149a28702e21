import { ADMIN_LIMITS, manualRefundBodySchema, toAsciiDigits } from '@ustaz/contract';
import { readKwdText } from '@ustaz/contract/kwd';

export type RefundAmountError = 'invalidAmount' | 'tooManyDecimals' | 'tooBig';
export type RefundAmountCheck = { ok: true; amount: string } | { ok: false; error: RefundAmountError };

/**
 * A refund amount as typed: more than 0, at most 3 decimals (fils) and at most
 * ADMIN_LIMITS.maxRefundKwd, read by the contract's one amount parser (`readKwdText`: "1٬5" is
 * refused, not 15). The contract's schema is the rule the server applies.
 */
export function checkRefundAmount(raw: string): RefundAmountCheck {
  const reading = readKwdText(raw);
  if (!reading.ok)
    return { ok: false, error: reading.error === 'tooManyDecimals' ? 'tooManyDecimals' : 'invalidAmount' };
  const result = manualRefundBodySchema.shape.amount.safeParse(reading.text);
  if (result.success) return { ok: true, amount: result.data };
  return { ok: false, error: Number(reading.text) > ADMIN_LIMITS.maxRefundKwd ? 'tooBig' : 'invalidAmount' };
}

/** A user id as typed (Arabic digits too): a positive whole number, else null. */
export function parseUserId(raw: string): number | null {
  const text = toAsciiDigits(raw).trim();
  return /^[1-9]\d{0,8}$/.test(text) ? Number(text) : null;
}
