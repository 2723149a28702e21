import type { adminDisputesQuerySchema, problemReportSchema, resolveDisputeSchema } from '@ustaz/contract';
import type { z } from 'zod';
import { adminList, adminView } from './dispute-views.ts';
import type { DisputesContext } from './disputes-context.ts';
import { report } from './report-problem.ts';
import { resolve } from './resolve-dispute.ts';

/**
 * Report a problem and the admin's disputes (issue 16, ADR 016). Either party of a confirmed or
 * completed lesson may report one problem from its start until 24 hours after its end while the
 * teacher's earning is still in escrow; the release waits for an open dispute. An admin resolves
 * it once (compare-and-swap on its status): release (the normal earning), refund in full (to where
 * it was paid from) or in part (that much to the wallet, the rest to the teacher less the fee).
 */
export function createDisputesService(ctx: DisputesContext) {
  return {
    report: (userId: number, reservationId: number, body: z.output<typeof problemReportSchema>) =>
      report(ctx, userId, reservationId, body),

    adminList: (query: z.output<typeof adminDisputesQuerySchema>) => adminList(ctx, query),

    adminGet: (id: number) => adminView(ctx.db, id),

    /**
     * An admin's decision, once. A release before 24 hours after the end only closes the dispute: the
     * lesson goes on as any other (completed by attendance, paid out after the window; issue 29). A
     * refund in full of a lesson still confirmed cancels it; a partial refund completes it first; a
     * completed one stays completed and its escrow is settled.
     */
    resolve: (adminId: number, id: number, body: z.output<typeof resolveDisputeSchema>) =>
      resolve(ctx, adminId, id, body),
  };
}

export type DisputesService = ReturnType<typeof createDisputesService>;
