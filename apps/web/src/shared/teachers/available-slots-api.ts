import { useQuery } from '@tanstack/react-query';
import type { TimeSlot } from '@ustaz/contract';
import { apiRequest } from '../http/client.ts';

/**
 * GET /api/teachers/teachers/{id}/available-time-slots: open, future slots in time order, over the
 * AVAILABLE_SLOTS_DAYS days from now, or from `from` (an ISO instant; `availableSlotsQuerySchema`).
 * Errors are rethrown (spec 8).
 */
export function getAvailableSlots(teacherId: number, signal?: AbortSignal, from?: string): Promise<TimeSlot[]> {
  return apiRequest(
    `/api/teachers/teachers/${teacherId}/available-time-slots`,
    (contract) => contract.timeSlotsResponseSchema,
    { signal, query: { from } },
  );
}

/** The teacher's list from now; the lists from a `from` sit under it (invalidating it invalidates them). */
export function availableSlotsKey(teacherId: number, from?: string) {
  return from ? (['teacher', 'slots', teacherId, { from }] as const) : (['teacher', 'slots', teacherId] as const);
}

export function useAvailableSlots(teacherId: number, enabled = true, from?: string) {
  return useQuery({
    enabled,
    queryKey: availableSlotsKey(teacherId, from),
    queryFn: ({ signal }) => getAvailableSlots(teacherId, signal, from),
    // Only open slots with a readable start can be chosen.
    select: (slots) => slots.filter((slot) => slot.status === 'open' && !Number.isNaN(Date.parse(slot.startTime))),
    staleTime: 30_000,
  });
}
