import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a secret: the confirmation and reset links' `hash`, any `token`. */
const SECRET_PARAMS = /([?&](?:hash|token|refreshToken)=)[^&#]*/gi;

/** `/en/password-change?hash=abc&expires=1` -> `/en/password-change?hash=[redacted]&expires=1`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/**
 * Fastify's request serializer (its own fields), with the secrets of a link's query string left
 * out: a user opening a confirmation or reset link must not put its hash in the log.
 */
export function serializeRequest(request: FastifyRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: typeof version === 'string' ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}
