import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminContext } from './admin-context.ts';

export function adminCatalogRoutes(_context: AdminContext): FastifyPluginAsyncZod {
  return async (_app) => {};
}
