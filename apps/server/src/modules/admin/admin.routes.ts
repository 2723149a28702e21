import { auditQuerySchema, auditResponseSchema, toPage } from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOnly } from '../../http/admin-guard.ts';
import { adminList } from '../../http/admin-route.ts';
import { adminCatalogRoutes } from './admin-catalog.routes.ts';
import type { AdminContext } from './admin-context.ts';
import { adminModerationRoutes } from './admin-moderation.routes.ts';
import { adminMoneyRoutes } from './admin-money.routes.ts';
import { adminUsersRoutes } from './admin-users.routes.ts';
import { toAuditEntry } from './audit.presenter.ts';
import { auditLogPage } from './audit.service.ts';

/**
 * The admin dashboard's own API (users, catalogue, money, moderation, the audit log), behind the
 * admin guard (http/admin-guard.ts). The payout queue, the disputes and the applications to teach
 * are mounted by their own modules behind the same guard (ADR 029).
 */
export function adminRoutes(context: AdminContext): FastifyPluginAsyncZod {
  return adminOnly(context.requireAdmin, async (app) => {
    await app.register(adminUsersRoutes(context));
    await app.register(adminCatalogRoutes(context));
    await app.register(adminMoneyRoutes(context));
    await app.register(adminModerationRoutes(context));

    adminList(
      app,
      '/api/v1/admin/audit',
      {
        summary: 'The audit log of admin actions, newest first',
        querystring: auditQuerySchema,
        response: auditResponseSchema,
      },
      async (query) => {
        const { rows, total } = await auditLogPage(context.db, query);
        return toPage(rows.map(toAuditEntry), total, query);
      },
    );
  });
}
