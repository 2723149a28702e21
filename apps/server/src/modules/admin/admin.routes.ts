import { auditQuerySchema, auditResponseSchema, toPage } from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { disputesAdminRoutes } from '../disputes/disputes-admin.routes.ts';
import { payoutsAdminRoutes } from '../payouts/payouts-admin.routes.ts';
import { teacherApplicationsAdminRoutes } from '../teacher-applications/teacher-applications.routes.ts';
import { adminCatalogRoutes } from './admin-catalog.routes.ts';
import { type AdminContext, adminSecurity, adminTags } from './admin-context.ts';
import { adminModerationRoutes } from './admin-moderation.routes.ts';
import { adminMoneyRoutes } from './admin-money.routes.ts';
import { adminList } from './admin-route.ts';
import { adminUsersRoutes } from './admin-users.routes.ts';
import { toAuditEntry } from './audit.presenter.ts';
import { auditLogPage } from './audit.service.ts';

/** The admin dashboard's API: every route under /api/v1/admin needs an active admin (admin-guard, an onRequest hook). */
export function adminRoutes(context: AdminContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Checked before the body is even read, for every route registered in this plugin, so a
    // route cannot forget it and a guest learns nothing from validation errors.
    app.addHook('onRequest', context.requireAdmin);
    // Every admin route is documented under the admin tag with the bearer scheme: declared here once.
    app.addHook('onRoute', (route) => {
      route.schema = { tags: adminTags, security: adminSecurity, ...route.schema };
    });
    await app.register(adminUsersRoutes(context));
    await app.register(adminCatalogRoutes(context));
    await app.register(adminMoneyRoutes(context));
    await app.register(adminModerationRoutes(context));
    await app.register(payoutsAdminRoutes(context.payouts));
    await app.register(disputesAdminRoutes(context.disputes));
    await app.register(teacherApplicationsAdminRoutes(context.teacherApplications));

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
  };
}
