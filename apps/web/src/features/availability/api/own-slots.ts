import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OwnSlot, SlotBody, SlotPatch } from '@ustaz/contract';
import { apiRequest } from '../../../shared/http/client.ts';

/** Every range of the teacher's own slots hangs below this key, so one invalidation refreshes them all. */
export const OWN_SLOTS_QUERY_KEY = ['availability', 'slots'] as const;

/** GET /api/v1/availability/slots: the signed-in teacher's slots (open, held, booked) starting in [from, to). */
export function getOwnSlots(from: string, to: string, signal?: AbortSignal): Promise<OwnSlot[]> {
  return apiRequest('/api/v1/availability/slots', (contract) => contract.ownSlotsResponseSchema, {
    query: { from, to },
    signal,
  });
}

export function useOwnSlots(from: string, to: string) {
  return useQuery({
    queryKey: [...OWN_SLOTS_QUERY_KEY, from, to],
    queryFn: ({ signal }) => getOwnSlots(from, to, signal),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/v1/availability/slots; without a price the server uses the hourly rate times the length. */
export function createOwnSlot(body: SlotBody): Promise<OwnSlot> {
  return apiRequest('/api/v1/availability/slots', (contract) => contract.ownSlotSchema, { method: 'POST', body });
}

/** PATCH /api/v1/availability/slots/{id}: open slots only (409 slotNotEditable otherwise). */
export function updateOwnSlot(id: number, patch: SlotPatch): Promise<OwnSlot> {
  return apiRequest(`/api/v1/availability/slots/${id}`, (contract) => contract.ownSlotSchema, {
    method: 'PATCH',
    body: patch,
  });
}

/** DELETE /api/v1/availability/slots/{id}: open slots only; answers 204. */
export async function deleteOwnSlot(id: number): Promise<void> {
  await apiRequest(`/api/v1/availability/slots/${id}`, (contract) => contract.noContentSchema, { method: 'DELETE' });
}
