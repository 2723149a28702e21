import { filsToKwd, type Proposal } from '@ustaz/contract';
import type { ProposalWithSlot } from './proposals.repo.ts';

/** A teacher's proposal as either party sees it; it lapses at the lesson's (old) start. */
export function toProposal({ proposal, slot, lessonStart }: ProposalWithSlot): Proposal {
  return {
    id: proposal.id,
    reservationId: proposal.reservationId,
    status: proposal.status,
    timeSlotId: proposal.timeSlotId,
    startTime: slot.startTime.toISOString(),
    endTime: slot.endTime.toISOString(),
    price: filsToKwd(slot.priceFils),
    note: proposal.note,
    createdAt: proposal.createdAt.toISOString(),
    expiresAt: (lessonStart ?? proposal.createdAt).toISOString(),
  };
}
