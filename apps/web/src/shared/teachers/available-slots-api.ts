import { useQuery } from '@tanstack/react-query';
import type { TimeSlot } from '@ustaz/contract';
import { apiRequest } from '../http/client.ts';

/** GET /api/teachers/teachers/{id}/available-time-slots: open, future slots in time order. Errors are rethrown (spec 8). */
export function getAvailableSlots(teacherId: number, signal?: AbortSignal): Promise<TimeSlot[]> {
  return apiRequest(
    `/api/teachers/teachers/${teacherId}/available-time-slots`,
    (contract) => contract.timeSlotsResponseSchema,
    { signal },
  );
}

export function availableSlotsKey(teacherId: number) {
  return ['teacher', 'slots', teacherId] as const;
}

export function useAvailableSlots(teacherId: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: availableSlotsKey(teacherId),
    queryFn: ({ signal }) => getAvailableSlots(teacherId, signal),
    // Only open slots with a readable start can be chosen.
    select: (slots) => slots.filter((slot) => slot.status === 'open' && !Number.isNaN(Date.parse(slot.startTime))),
    staleTime: 30_000,
  });
}
