import type { ProblemReportBody, ProblemReportResponse } from '@ustaz/contract';
import { apiRequest } from '../../../shared/http/client.ts';

/**
 * POST /api/v1/lessons/{reservationId}/problem: either party reports one problem with the lesson,
 * from its start until 24 h after its end; the teacher's earning for it is held until an admin decides.
 */
export function reportLessonProblem(reservationId: number, body: ProblemReportBody): Promise<ProblemReportResponse> {
  return apiRequest(`/api/v1/lessons/${reservationId}/problem`, (contract) => contract.problemReportResponseSchema, {
    method: 'POST',
    body,
  });
}
