import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type SpendableSubscription, splitPayment } from './hours-split.ts';

/** A subscription as bought: `hours` for `priceFils`, some of it maybe spent. */
const subscriptionArb = fc
  .record({
    id: fc.integer({ min: 1, max: 1_000_000 }),
    hours: fc.integer({ min: 1, max: 40 }),
    priceFils: fc.integer({ min: 0, max: 400_000 }),
    spentShare: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ id, hours, priceFils, spentShare }): SpendableSubscription => {
    const total = hours * 60;
    const remainingMinutes = Math.round(total * (1 - spentShare));
    return {
      id,
      remainingMinutes,
      remainingValueFils: remainingMinutes === total ? priceFils : Math.round((remainingMinutes * priceFils) / total),
    };
  });

/** A slot: 15 minutes to 4 hours, at most 1,000 KWD an hour. */
const slotArb = fc
  .record({ minutes: fc.integer({ min: 15, max: 240 }), perHourFils: fc.integer({ min: 0, max: 1_000_000 }) })
  .map(({ minutes, perHourFils }) => ({ minutes, priceFils: Math.round((perHourFils * minutes) / 60) }));

const uniqueSubscriptions = fc.uniqueArray(subscriptionArb, { maxLength: 4, selector: (sub) => sub.id });

describe('splitPayment: hours first at their own price, the wallet for the rest (I9)', () => {
  it('each slot is paid exactly its price, never more, with no more minutes than it lasts', () => {
    fc.assert(
      fc.property(fc.array(slotArb, { minLength: 1, maxLength: 6 }), uniqueSubscriptions, (slots, subs) => {
        const split = splitPayment(slots, subs);
        split.slots.forEach((part, i) => {
          const slot = slots[i] as (typeof slots)[number];
          expect(part.hoursValueFils + part.cashFils).toBe(slot.priceFils);
          expect(part.cashFils).toBeGreaterThanOrEqual(0);
          expect(part.minutes).toBeLessThanOrEqual(slot.minutes);
          for (const usage of part.usages) {
            expect(usage.minutes).toBeGreaterThan(0);
            expect(usage.valueFils).toBeGreaterThanOrEqual(0);
          }
        });
        expect(split.hoursValueFils + split.cashFils).toBe(slots.reduce((sum, slot) => sum + slot.priceFils, 0));
      }),
      { numRuns: 2_000 },
    );
  });

  it('no subscription gives more minutes or value than it has, and each minute is worth its own price', () => {
    fc.assert(
      fc.property(fc.array(slotArb, { minLength: 1, maxLength: 6 }), uniqueSubscriptions, (slots, subs) => {
        const split = splitPayment(slots, subs);
        for (const sub of subs) {
          const usages = split.slots.flatMap((part) => part.usages).filter((u) => u.subscriptionId === sub.id);
          const minutes = usages.reduce((sum, u) => sum + u.minutes, 0);
          const value = usages.reduce((sum, u) => sum + u.valueFils, 0);
          expect(minutes).toBeLessThanOrEqual(sub.remainingMinutes);
          expect(value).toBeLessThanOrEqual(sub.remainingValueFils);
          // The value taken is at most what those minutes are worth at the subscription's price
          // (rounding: at most one fil per use), so hours never pay more than they cost.
          if (sub.remainingMinutes > 0) {
            expect(value).toBeLessThanOrEqual(
              (minutes * sub.remainingValueFils) / sub.remainingMinutes + usages.length,
            );
          }
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('hours are used before money: money is only asked when the slot is fully covered in time or the hours ran out', () => {
    fc.assert(
      fc.property(slotArb, uniqueSubscriptions, (slot, subs) => {
        const split = splitPayment([slot], subs);
        const part = split.slots[0];
        if (!part || part.cashFils === 0) return;
        const left = subs.map((sub) => {
          const used = part.usages.filter((u) => u.subscriptionId === sub.id);
          return {
            minutes: sub.remainingMinutes - used.reduce((sum, u) => sum + u.minutes, 0),
            value: sub.remainingValueFils - used.reduce((sum, u) => sum + u.valueFils, 0),
          };
        });
        const hoursLeft = left.some((sub) => sub.minutes > 0 && sub.value > 0);
        expect(part.minutes === slot.minutes || !hoursLeft).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('the examples of the issue: 1 h at 15.000 with a 9.000-an-hour package; a slot cheaper than the package', () => {
    const pkg = { id: 1, remainingMinutes: 300, remainingValueFils: 45_000 };
    const dear = splitPayment([{ minutes: 60, priceFils: 15_000 }], [pkg]);
    expect(dear).toMatchObject({ minutes: 60, hoursValueFils: 9_000, cashFils: 6_000 });
    // 6.000 for an hour: 40 minutes of the package (worth 6.000) cover it; no money.
    const cheap = splitPayment([{ minutes: 60, priceFils: 6_000 }], [pkg]);
    expect(cheap).toMatchObject({ minutes: 40, hoursValueFils: 6_000, cashFils: 0 });
    // The minted-earnings report: 15 minutes priced 2,000,000 KWD take 0.25 h worth 2.250 KWD.
    const mint = splitPayment([{ minutes: 15, priceFils: 2_000_000_000 }], [pkg]);
    expect(mint).toMatchObject({ minutes: 15, hoursValueFils: 2_250, cashFils: 2_000_000_000 - 2_250 });
    // A free promotion pays nothing.
    expect(
      splitPayment([{ minutes: 60, priceFils: 5_000 }], [{ id: 2, remainingMinutes: 60, remainingValueFils: 0 }]),
    ).toMatchObject({
      minutes: 0,
      cashFils: 5_000,
    });
    // Spending a subscription to its last minute takes exactly what is left of its price.
    const odd = { id: 3, remainingMinutes: 7, remainingValueFils: 1_000 };
    const all = splitPayment(
      [
        { minutes: 3, priceFils: 9_000 },
        { minutes: 4, priceFils: 9_000 },
      ],
      [odd],
    );
    expect(all.hoursValueFils).toBe(1_000);
  });
});
