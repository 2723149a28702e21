import type { FastifyReply } from 'fastify';

/**
 * Sends a JSON body that is already serialised (a cached answer, checked against the route's
 * response schema when it was made): Fastify sends a string with a JSON content type as it is,
 * without the serializer. The route keeps its response schema for the API docs.
 */
export function sendJsonBody(reply: unknown, body: string): FastifyReply {
  return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
}
