import type { OwnSlot } from '@ustaz/contract';
import { hourFrom } from '../../shared/test/hour-from.ts';

/** Test data factories for the availability editor (used by its tests only). */

let slotId = 300;

/** An open hour of the teacher's own from `startTime` (a UTC ISO string), 10 KWD. */
export function ownSlot(startTime: string, overrides: Partial<OwnSlot> = {}): OwnSlot {
  slotId += 1;
  return {
    id: slotId,
    ...hourFrom(startTime),
    price: '10.000',
    status: 'open',
    reservationId: null,
    studentName: null,
    seriesId: null,
    kind: 'lesson',
    ...overrides,
  };
}
