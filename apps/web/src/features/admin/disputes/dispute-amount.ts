import { kwdToFils, toAsciiDigits } from '@ustaz/contract';

export type PartRefundError = 'invalidAmount' | 'tooManyDecimals' | 'zero' | 'moreThanPaid';
export type PartRefundCheck = { ok: true; amount: string } | { ok: false; error: PartRefundError };

/**
 * A part refund as the admin typed it (Arabic-Indic digits and the Arabic decimal separator ٫
 * too): more than 0, at most 3 decimals (fils), and at most what the lesson was paid (`paid`,
 * KWD). The server checks the same (422 refundTooLarge); the amount is sent as ASCII digits.
 */
export function checkPartRefund(raw: string, paid: string): PartRefundCheck {
  const text = toAsciiDigits(raw).trim();
  if (/^\d+\.\d{4,}$/.test(text)) return { ok: false, error: 'tooManyDecimals' };
  if (!/^\d{1,7}(\.\d{1,3})?$/.test(text)) return { ok: false, error: 'invalidAmount' };
  const fils = kwdToFils(text);
  if (fils <= 0) return { ok: false, error: 'zero' };
  if (fils > kwdToFils(paid)) return { ok: false, error: 'moreThanPaid' };
  return { ok: true, amount: text };
}
