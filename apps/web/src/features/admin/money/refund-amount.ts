import { ADMIN_LIMITS, manualRefundBodySchema, toAsciiDigits } from '@ustaz/contract';

export type RefundAmountError = 'invalidAmount' | 'tooManyDecimals' | 'tooBig';
export type RefundAmountCheck = { ok: true; amount: string } | { ok: false; error: RefundAmountError };

/**
 * A refund amount as typed: more than 0, at most 3 decimals (fils) and at most
 * ADMIN_LIMITS.maxRefundKwd. The contract's schema is the rule the server applies.
 */
export function checkRefundAmount(raw: string): RefundAmountCheck {
  const text = toAsciiDigits(raw).trim();
  if (/^\d+\.\d{4,}$/.test(text)) return { ok: false, error: 'tooManyDecimals' };
  const result = manualRefundBodySchema.shape.amount.safeParse(text);
  if (result.success) return { ok: true, amount: result.data };
  if (/^\d+(\.\d{1,3})?$/.test(text) && Number(text) > ADMIN_LIMITS.maxRefundKwd) return { ok: false, error: 'tooBig' };
  return { ok: false, error: 'invalidAmount' };
}

/** A user id as typed (Arabic digits too): a positive whole number, else null. */
export function parseUserId(raw: string): number | null {
  const text = toAsciiDigits(raw).trim();
  return /^[1-9]\d{0,8}$/.test(text) ? Number(text) : null;
}
