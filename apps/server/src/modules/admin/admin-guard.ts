import { ROLE } from '@ustaz/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { isActiveAdmin } from './admin-users.repo.ts';

export type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Every admin route: a valid access token (401 otherwise) whose user is, right now, an active
 * admin (403 otherwise). The role claim in the token is checked first, then the database, so a
 * suspended admin loses the dashboard at once rather than when the token expires.
 */
export function createRequireAdmin(db: Db, requireAuth: PreHandler): PreHandler {
  return async function requireAdmin(request, reply) {
    await requireAuth(request, reply);
    const claims = request.auth;
    if (!claims || claims.roleId !== ROLE.admin) throw new HttpError(403, 'forbidden', 'Forbidden');
    if (!(await isActiveAdmin(db, claims.userId))) throw new HttpError(403, 'forbidden', 'Forbidden');
  };
}
