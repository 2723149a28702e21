import { kwdToFils, readKwdText } from '@ustaz/contract/kwd';

export type PartRefundError = 'invalidAmount' | 'tooManyDecimals' | 'zero' | 'moreThanPaid';
export type PartRefundCheck = { ok: true; amount: string } | { ok: false; error: PartRefundError };

/**
 * A part refund as the admin typed it (Arabic-Indic digits and the Arabic decimal separator ٫
 * too): more than 0, at most 3 decimals (fils), and at most what the lesson was paid (`paid`,
 * KWD). The server checks the same (422 refundTooLarge); the amount is sent as ASCII digits.
 */
export function checkPartRefund(raw: string, paid: string): PartRefundCheck {
  const reading = readKwdText(raw);
  if (!reading.ok)
    return { ok: false, error: reading.error === 'tooManyDecimals' ? 'tooManyDecimals' : 'invalidAmount' };
  const text = reading.text;
  const fils = kwdToFils(text);
  if (fils <= 0) return { ok: false, error: 'zero' };
  if (fils > kwdToFils(paid)) return { ok: false, error: 'moreThanPaid' };
  return { ok: true, amount: text };
}
