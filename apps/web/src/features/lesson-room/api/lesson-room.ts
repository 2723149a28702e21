import { useQuery } from '@tanstack/react-query';
import type { LessonRoom } from '@ustaz/contract';
import { ApiRequestError, apiRequest } from '../../../shared/http/client.ts';

/** The room and how far the server's clock is ahead of this browser's (ms), measured when it answered. */
export type LessonRoomAnswer = { room: LessonRoom; skewMs: number };

/**
 * GET /api/v1/lessons/{reservationId}: the lesson room for its student or teacher (404 for
 * anyone else). The answer's `now` gives the clock skew, so the page counts down by the server.
 */
export async function getLessonRoom(reservationId: number, signal?: AbortSignal): Promise<LessonRoomAnswer> {
  const sentAt = Date.now();
  const room = await apiRequest(`/api/v1/lessons/${reservationId}`, (contract) => contract.lessonRoomSchema, {
    signal,
  });
  // The server read its clock somewhere between sending and receiving: take the middle.
  const receivedAt = Date.now();
  return { room, skewMs: Date.parse(room.now) - (sentAt + receivedAt) / 2 };
}

export function useLessonRoom(reservationId: number | null) {
  return useQuery({
    queryKey: ['lessons', 'room', reservationId],
    queryFn: ({ signal }) => getLessonRoom(reservationId ?? 0, signal),
    enabled: reservationId !== null,
    retry: (failures, error) => !(error instanceof ApiRequestError && error.status === 404) && failures < 2,
  });
}
