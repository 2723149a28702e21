/**
 * How a booking paid from the balance is split between subscription hours and the wallet
 * (ARCHITECTURE "Server rules", RELIABILITY I9). Pure: the booking transaction and the quote both
 * call it with the rows they read, so the modal shows exactly what the booking will take.
 *
 * - Hours are spent first, from the subscription that expires first. Each minute is worth its
 *   subscription's own price per minute: what is left of the price over what is left of the
 *   minutes, so spending the last minute takes exactly what is left and the values spent add up
 *   to the price paid for the package.
 * - A slot takes at most its own length in minutes, and at most its price in value: a slot cheaper
 *   than the package's hourly value takes fewer minutes (a started minute is a minute spent, and
 *   its value is capped at what is still owed).
 * - What the hours do not cover of the slot's price is paid in money (wallet).
 * - A subscription whose value is zero (a free promotion) pays nothing: promotions are separate,
 *   named transfers, never a teacher's earning.
 */

export type SpendableSubscription = { id: number; remainingMinutes: number; remainingValueFils: number };
export type SlotToPay = { minutes: number; priceFils: number };
export type Usage = { subscriptionId: number; minutes: number; valueFils: number };
export type SlotSplit = { usages: Usage[]; minutes: number; hoursValueFils: number; cashFils: number };

export function splitPayment(
  slots: SlotToPay[],
  subscriptions: SpendableSubscription[],
): { slots: SlotSplit[]; minutes: number; hoursValueFils: number; cashFils: number } {
  const left = subscriptions.map((sub) => ({ ...sub }));
  const out: SlotSplit[] = [];
  for (const slot of slots) {
    let owed = slot.priceFils;
    let minutesLeft = slot.minutes;
    const usages: Usage[] = [];
    for (const sub of left) {
      if (owed <= 0 || minutesLeft <= 0) break;
      if (sub.remainingMinutes <= 0 || sub.remainingValueFils <= 0) continue;
      const covering = Math.ceil((owed * sub.remainingMinutes) / sub.remainingValueFils);
      const take = Math.min(sub.remainingMinutes, minutesLeft, covering);
      const worth =
        take === sub.remainingMinutes
          ? sub.remainingValueFils
          : Math.round((take * sub.remainingValueFils) / sub.remainingMinutes);
      const value = Math.min(worth, owed);
      sub.remainingMinutes -= take;
      sub.remainingValueFils -= value;
      owed -= value;
      minutesLeft -= take;
      usages.push({ subscriptionId: sub.id, minutes: take, valueFils: value });
    }
    const minutes = usages.reduce((sum, usage) => sum + usage.minutes, 0);
    const hoursValueFils = usages.reduce((sum, usage) => sum + usage.valueFils, 0);
    out.push({ usages, minutes, hoursValueFils, cashFils: slot.priceFils - hoursValueFils });
  }
  return {
    slots: out,
    minutes: out.reduce((sum, slot) => sum + slot.minutes, 0),
    hoursValueFils: out.reduce((sum, slot) => sum + slot.hoursValueFils, 0),
    cashFils: out.reduce((sum, slot) => sum + slot.cashFils, 0),
  };
}
