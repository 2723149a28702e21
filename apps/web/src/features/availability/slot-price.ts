import { BOOKING } from '@ustaz/contract/constants';
import { kwdToFils, minSlotPriceFils, readKwdText } from '@ustaz/contract/kwd';

/** A slot price as typed, as the form sends it (ASCII text), or the availability key of its problem. */
export type SlotPriceCheck = { ok: true; price: string | null } | { ok: false; error: string };

/**
 * A price typed in the slot or weekly form, checked as the server checks it: read by the contract's
 * one amount parser (`readKwdText`: Arabic-Indic or Persian digits, ٬ only between groups of three),
 * then at least the minimum for a time of `minutes` (BOOKING.minPricePerHourKwd an hour, rounded up
 * to a fils: `form.errors.priceTooSmall`) and at most the maximum an hour (`form.errors.pricePerHour`).
 * Empty is no price (the server uses the hourly rate).
 */
export function checkSlotPrice(typed: string, minutes: number | null): SlotPriceCheck {
  if (typed.trim() === '') return { ok: true, price: null };
  const reading = readKwdText(typed);
  if (!reading.ok) return { ok: false, error: 'form.errors.price' };
  if (minutes !== null && minutes > 0) {
    const fils = kwdToFils(reading.text);
    if (fils < minSlotPriceFils(minutes)) return { ok: false, error: 'form.errors.priceTooSmall' };
    if ((fils * 60) / minutes > kwdToFils(BOOKING.maxPricePerHourKwd)) {
      return { ok: false, error: 'form.errors.pricePerHour' };
    }
  }
  return { ok: true, price: reading.text };
}
