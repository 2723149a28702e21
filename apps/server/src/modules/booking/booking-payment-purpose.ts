import type { PaymentRow } from '../../db/schema.ts';
import { postPaymentTransfer } from '../ledger/ledger.service.ts';
import { insertNotifications } from '../notifications/notifications.service.ts';
import { creditPaymentToWallet } from '../payments/payment-credit.ts';
import type { PurposeHandler } from '../payments/payments.service.ts';
import {
  confirmReservations,
  lockSlots,
  lockSlotsHeldBy,
  pendingReservationsOf,
  setSlotsBooked,
} from './booking.repo.ts';
import { releaseHold } from './booking-cancellation.service.ts';
import type { BookingContext } from './booking-context.ts';
import { notifyBooked } from './booking-notices.ts';
import { idsOf } from './slot-taking.ts';
import { lessonsOfPayment } from './top-up-booking.ts';

/** A booking paid at the gateway: confirm the held slots, or (hold lapsed) credit the wallet. */
export function bookingPaymentPurpose({ clock, mail }: BookingContext): PurposeHandler {
  return {
    async paid(tx, payment: PaymentRow) {
      const now = clock();
      const slots = await lockSlotsHeldBy(tx, payment.id);
      const pending = await pendingReservationsOf(tx, payment.id);
      // Intact only when every slot this payment paid for is still held and pending: a student who
      // cancelled one of them meanwhile must not pay for it (the whole amount then goes to the wallet).
      const intact =
        slots.length > 0 &&
        slots.length === pending.length &&
        pending.reduce((sum, row) => sum + row.priceFils, 0) === payment.amountFils &&
        slots.every((slot) => (slot.holdExpiresAt?.getTime() ?? 0) > now.getTime());
      if (intact) {
        await postPaymentTransfer(tx, payment, 'booking', 'escrow');
        await setSlotsBooked(tx, idsOf(slots));
        await confirmReservations(tx, idsOf(pending));
        const locked = await lockSlots(tx, idsOf(slots));
        await notifyBooked(tx, mail, payment.userId, pending, locked, now);
        return;
      }
      await releaseHold(tx, slots, pending, 'holdExpired', now);
      await creditPaymentToWallet(tx, payment);
    },
    async failed(tx, payment: PaymentRow) {
      const slots = await lockSlotsHeldBy(tx, payment.id);
      const pending = await pendingReservationsOf(tx, payment.id);
      await releaseHold(tx, slots, pending, 'paymentFailed', clock());
      await insertNotifications(tx, [
        { userId: payment.userId, type: 'payment.failed', data: { paymentId: payment.id, purpose: 'booking' } },
      ]);
    },
    // The lessons it was for (issue 17: the result page names the teacher and the times).
    purchase: lessonsOfPayment,
  };
}
