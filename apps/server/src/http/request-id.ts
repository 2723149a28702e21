import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { type Logger, symbols } from 'pino';

/** What a proxy's `x-request-id` may look like to be kept: short, and nothing a log reader could trip on. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's `genReqId`: the proxy's `x-request-id` when it is safe, else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  return typeof header === 'string' && SAFE_REQUEST_ID.test(header) ? header : randomUUID();
}

const currentRequestId = new AsyncLocalStorage<string>();

/**
 * pino's `mixin`: a line logged while a request is handled, through a logger that does not carry
 * its id already (`app.log` in a service, the mailer), gets `reqId` too. `request.log` has it bound.
 */
export function requestIdMixin(_merge: object, _level: number, logger: Logger): object {
  const reqId = currentRequestId.getStore();
  if (reqId === undefined) return {};
  const bound = (logger as unknown as Record<symbol, string | undefined>)[symbols.chindingsSym] ?? '';
  return bound.includes('"reqId":') ? {} : { reqId };
}

/** Echoes the request id in the `x-request-id` response header and makes it the context of what the request runs. */
export function registerRequestId(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    currentRequestId.run(request.id, done);
  });
}
