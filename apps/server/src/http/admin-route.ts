import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { authOf } from './authenticate.ts';
import { idParamsSchema } from './params.ts';

/** The shapes of the admin dashboard's routes, in whichever module; they sit inside `adminOnly` (admin-guard.ts). */
type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
type Answer<R extends z.ZodType> = z.output<R> | Promise<z.output<R>>;

/** Admin lists and reports are never cached: a route preHandler (it runs after validation, like the handler). */
export async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  void reply.header('cache-control', 'no-store');
}

/**
 * An admin list or report: GET `url` with its query, answered 200 by `list`. `noStore` marks the
 * answers that are never cached (the lists of money and moderation).
 */
export function adminList<Q extends z.ZodType, R extends z.ZodType>(
  app: ZodApp,
  url: string,
  route: { summary: string; querystring: Q; response: R; noStore?: boolean },
  list: (query: z.output<Q>) => Answer<R>,
): void {
  const { summary, querystring, response } = route;
  const schema: FastifySchema = { summary, querystring, response: { 200: response } };
  app.get(url, {
    schema,
    ...(route.noStore ? { preHandler: noStore } : {}),
    handler: (request) => list(request.query as z.output<Q>),
  });
}

/** An admin adds a record: POST `url` with its body, answered 201 by `create` with the acting admin's user id. */
export function adminCreate<B extends z.ZodType, R extends z.ZodType>(
  app: ZodApp,
  url: string,
  route: { summary: string; body: B; response: R },
  create: (actorId: number, body: z.output<B>) => Promise<z.output<R>>,
): void {
  const { summary, body, response } = route;
  const schema: FastifySchema = { summary, body, response: { 201: response } };
  app.post(url, {
    schema,
    handler: async (request, reply) => {
      const created = await create(authOf(request).userId, request.body as z.output<B>);
      reply.status(201);
      return created;
    },
  });
}

/**
 * An admin's action on one record, `url` naming it by `:id` (`params`, by default a row id): `act`
 * gets the acting admin's user id, the record's id and the body (when the route takes one) and
 * answers 200.
 */
export function adminAction<R extends z.ZodType, B extends z.ZodType = z.ZodUndefined, Id = number>(
  app: ZodApp,
  method: 'post' | 'patch',
  url: string,
  route: { summary: string; params?: z.ZodType<{ id: Id }, unknown>; body?: B; response: R },
  act: (actorId: number, id: Id, body: z.output<B>) => Answer<R>,
): void {
  const { summary, params = idParamsSchema, body, response } = route;
  const schema: FastifySchema = { summary, params, ...(body ? { body } : {}), response: { 200: response } };
  app[method](url, {
    schema,
    handler: (request) => act(authOf(request).userId, (request.params as { id: Id }).id, request.body as z.output<B>),
  });
}
