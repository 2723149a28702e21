import {
  adminPayoutResponseSchema,
  adminPayoutsQuerySchema,
  adminPayoutsResponseSchema,
  payoutPaidBodySchema,
  payoutRejectBodySchema,
} from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAction, adminList } from '../../http/admin-route.ts';
import type { PayoutsService } from './payouts.service.ts';

/** The admin's payout queue; payoutsRoutes mounts it behind the admin guard (audited). */
export function payoutsAdminRoutes(service: PayoutsService): FastifyPluginAsyncZod {
  return async (app) => {
    adminList(
      app,
      '/api/v1/admin/payouts',
      {
        summary: 'Payout requests: waiting ones oldest first (?status=requested), else newest first',
        querystring: adminPayoutsQuerySchema,
        response: adminPayoutsResponseSchema,
        noStore: true,
      },
      (query) => service.adminList(query),
    );
    adminAction(
      app,
      'post',
      '/api/v1/admin/payouts/:id/paid',
      {
        summary: 'Marks a requested payout as sent with its bank reference (once: a second time is 409)',
        body: payoutPaidBodySchema,
        response: adminPayoutResponseSchema,
      },
      (actor, id, body) => service.markPaid(actor, id, body),
    );
    adminAction(
      app,
      'post',
      '/api/v1/admin/payouts/:id/reject',
      {
        summary: "Rejects a requested payout with a reason; its amount returns to the teacher's earnings (once)",
        body: payoutRejectBodySchema,
        response: adminPayoutResponseSchema,
      },
      (actor, id, body) => service.reject(actor, id, body),
    );
  };
}
