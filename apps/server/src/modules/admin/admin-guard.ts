import { ROLE } from '@ustaz/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';

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
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, claims.userId), eq(users.roleId, ROLE.admin), eq(users.status, 'active')))
      .limit(1);
    if (!row) throw new HttpError(403, 'forbidden', 'Forbidden');
  };
}
