import type { RecurringSlotsBody, RecurringSlotsResponse, SeriesRemovedResponse } from '@ustaz/contract';
import { apiRequest } from '../../../shared/http/client.ts';

/**
 * POST /api/v1/availability/recurring: a weekly series of slots in the teacher's zone; the answer
 * counts the slots created and those skipped (overlapping another of the teacher's, or past).
 */
export function createRecurringSlots(body: RecurringSlotsBody): Promise<RecurringSlotsResponse> {
  return apiRequest('/api/v1/availability/recurring', (contract) => contract.recurringSlotsResponseSchema, {
    method: 'POST',
    body,
  });
}

/** DELETE /api/v1/availability/series/{seriesId}: the series' open future slots; held and booked ones stay. */
export function removeSeries(seriesId: string): Promise<SeriesRemovedResponse> {
  return apiRequest(
    `/api/v1/availability/series/${encodeURIComponent(seriesId)}`,
    (contract) => contract.seriesRemovedResponseSchema,
    { method: 'DELETE' },
  );
}
