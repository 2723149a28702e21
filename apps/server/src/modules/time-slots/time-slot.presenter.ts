import type { TimeSlot } from '@ustaz/contract';
import { filsToKwd } from '@ustaz/contract';
import type { TimeSlotRow } from '../../db/schema.ts';

export function toTimeSlot(row: TimeSlotRow): TimeSlot {
  return {
    id: row.id,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    price: filsToKwd(row.priceFils),
    status: row.status,
  };
}
