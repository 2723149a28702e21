import { useQuery } from '@tanstack/react-query';
import type {
  GatewayProvider,
  Language,
  OwnSlot,
  ProposalAcceptResponse,
  ProposalResponse,
  RescheduleResponse,
  RescheduleTopUpResponse,
  Reservation,
  TimeSlot,
} from '@ustaz/contract';
import { apiRequest } from '../../../shared/http/client.ts';
import { availableSlotsKey, getAvailableSlots } from '../../../shared/teachers/available-slots-api.ts';

/**
 * Moving a lesson (issue 32): the student's move, the teacher's proposal and the student's answer
 * to it (contract reschedule.ts), and the open slots a lesson can move to.
 */

/** POST /api/v1/reservations/{id}/reschedule: the student moves the lesson; `expectedTotal` is the new slot's price. */
export function rescheduleReservation(
  id: number,
  timeSlotId: number,
  expectedTotal: string,
): Promise<RescheduleResponse> {
  return apiRequest(`/api/v1/reservations/${id}/reschedule`, (contract) => contract.rescheduleResponseSchema, {
    method: 'POST',
    body: { timeSlotId, expectedTotal },
  });
}

/**
 * The same move, the difference the balance cannot pay topped up through `topUpWith` (KNET on
 * Payzah): 202 with the payment to open (the new time held meanwhile, the lesson moved once paid),
 * or 200 with the move made when the balance pays it by now. One Idempotency-Key per attempt.
 */
export function rescheduleWithTopUp(
  id: number,
  timeSlotId: number,
  expectedTotal: string,
  topUp: { topUpWith: GatewayProvider; language: Language; idempotencyKey: string },
): Promise<RescheduleResponse | RescheduleTopUpResponse> {
  return apiRequest(`/api/v1/reservations/${id}/reschedule`, (contract) => contract.rescheduleOutcomeSchema, {
    method: 'POST',
    headers: { 'Idempotency-Key': topUp.idempotencyKey },
    body: { timeSlotId, expectedTotal, topUpWith: topUp.topUpWith, language: topUp.language },
  });
}

/** POST /api/v1/reservations/{id}/proposals: the teacher proposes a new time. */
export function proposeNewTime(id: number, timeSlotId: number, note: string): Promise<ProposalResponse> {
  const trimmed = note.trim();
  return apiRequest(`/api/v1/reservations/${id}/proposals`, (contract) => contract.proposalResponseSchema, {
    method: 'POST',
    body: trimmed ? { timeSlotId, note: trimmed } : { timeSlotId },
  });
}

/** POST /api/v1/reservation-proposals/{id}/accept: the student takes the proposed time at its price. */
export function acceptProposal(id: number, expectedTotal: string): Promise<ProposalAcceptResponse> {
  return apiRequest(`/api/v1/reservation-proposals/${id}/accept`, (contract) => contract.proposalAcceptResponseSchema, {
    method: 'POST',
    body: { expectedTotal },
  });
}

/** POST /api/v1/reservation-proposals/{id}/decline: the lesson stays; the student may cancel it with a full refund. */
export function declineProposal(id: number): Promise<ProposalResponse> {
  return apiRequest(`/api/v1/reservation-proposals/${id}/decline`, (contract) => contract.proposalResponseSchema, {
    method: 'POST',
    body: {},
  });
}

const lengthOf = (slot: { startTime: string; endTime: string }) =>
  Date.parse(slot.endTime) - Date.parse(slot.startTime);

/** Open slots of the lesson's length and kind (a trial moves to a trial slot), starting after now, other than the lesson's own, in time order. */
export function movableSlots<Slot extends TimeSlot | OwnSlot>(
  slots: Slot[],
  reservation: Reservation,
  now: Date,
): Slot[] {
  const length = lengthOf(reservation);
  return slots
    .filter(
      (slot) =>
        slot.status === 'open' &&
        Date.parse(slot.startTime) > now.getTime() &&
        lengthOf(slot) === length &&
        slot.kind === reservation.kind &&
        slot.startTime !== reservation.startTime,
    )
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
}

/** The teacher's open slots as the student sees them (the teacher page's call and cache). */
export function useTeacherOpenSlots(teacherProfileId: number, enabled: boolean) {
  return useQuery({
    queryKey: availableSlotsKey(teacherProfileId),
    queryFn: ({ signal }) => getAvailableSlots(teacherProfileId, signal),
    enabled,
    staleTime: 30_000,
  });
}

/** How far ahead a teacher's own open slots are offered for a proposal: from now, and past the lesson's own start. */
const PROPOSAL_WINDOW_DAYS = 28;

/**
 * The signed-in teacher's own slots (the availability editor's call, under its key so an edit there
 * refreshes it) from now until PROPOSAL_WINDOW_DAYS after the later of now and the lesson's start.
 */
export function useOwnOpenSlots(now: Date, lessonStart: string, enabled: boolean) {
  const from = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000).toISOString();
  const last = Math.max(Date.parse(from), Date.parse(lessonStart) || 0);
  const to = new Date(last + PROPOSAL_WINDOW_DAYS * 86_400_000).toISOString();
  return useQuery({
    queryKey: ['availability', 'slots', 'proposal', from, to] as const,
    queryFn: ({ signal }) =>
      apiRequest('/api/v1/availability/slots', (contract) => contract.ownSlotsResponseSchema, {
        query: { from, to },
        signal,
      }),
    enabled,
  });
}
