import type { OwnSlot, TimeSlot } from '@ustaz/contract';
import { filsToKwd } from '@ustaz/contract';
import type { TimeSlotRow } from '../../db/schema.ts';

export function toTimeSlot(row: TimeSlotRow): TimeSlot {
  return {
    id: row.id,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    price: filsToKwd(row.priceFils),
    status: row.status,
    kind: row.kind,
  };
}

/** A slot as its teacher sees it: with the reservation holding or booking it, and the student's name. */
export function toOwnSlot(
  row: TimeSlotRow,
  reservation: { id: number; first: string; last: string } | undefined,
): OwnSlot {
  return {
    ...toTimeSlot(row),
    reservationId: reservation?.id ?? null,
    studentName: reservation ? `${reservation.first} ${reservation.last}`.trim() : null,
    seriesId: row.seriesId,
  };
}
