import { ROLE } from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/client.ts';
import { isActiveAdmin } from './admin-guard.repo.ts';
import { type AuthHook, asAuthGate } from './authenticate.ts';
import { HttpError } from './errors.ts';

/**
 * Every admin route: a valid access token (401 otherwise) whose user is, right now, an active
 * admin (403 otherwise). The role claim in the token is checked first, then the database, so a
 * suspended admin loses the dashboard at once rather than when the token expires.
 */
export function createRequireAdmin(db: Db, requireAuth: AuthHook): AuthHook {
  return asAuthGate(async function requireAdmin(request, reply) {
    await requireAuth(request, reply);
    const claims = request.auth;
    if (!claims || claims.roleId !== ROLE.admin) throw new HttpError(403, 'forbidden', 'Forbidden');
    if (!(await isActiveAdmin(db, claims.userId))) throw new HttpError(403, 'forbidden', 'Forbidden');
  });
}

/**
 * A module's routes under /api/v1/admin (ADR 029: each module mounts its own): every route
 * registered in `routes` needs an active admin, checked by an onRequest hook before the body is
 * even read, so a route cannot forget it and a guest learns nothing from validation errors; and
 * each is documented under the admin tag with the bearer scheme.
 */
export function adminOnly(requireAdmin: AuthHook, routes: FastifyPluginAsyncZod): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAdmin);
    app.addHook('onRoute', (route) => {
      route.schema = { tags: ['admin'], security: [{ bearer: [] }], ...route.schema };
    });
    await app.register(routes);
  };
}
