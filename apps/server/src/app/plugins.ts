import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { ApiError } from '@ustaz/contract';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from '../config.ts';
import { authenticateBeforeValidation } from '../http/authenticate.ts';
import { registerErrorHandling } from '../http/errors.ts';
import { serializeRequest } from '../http/log-redaction.ts';
import { parseQueryString } from '../http/querystring.ts';
import { requestIdMixin, requestIdOf } from '../http/request-id.ts';
import { registerSecurityHeaders } from '../http/security-headers.ts';

/** A framework error (a malformed URL) is answered before any hook, so before helmet: its headers by hand. */
const FRAMEWORK_ERROR_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** The Fastify instance: its logger (redacted, with request ids), proxy trust, limits and framework errors. */
export function createFastify(config: Config, logStream: DestinationStream | undefined) {
  return Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        // `*.headers`: plugins log request headers too (@fastify/multipart's busboy options, at trace).
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          '*.headers.authorization',
          '*.headers.cookie',
          '*.password',
          '*.token',
          '*.refreshToken',
        ],
        censor: '[redacted]',
      },
      // A link's hash in a page's URL is a secret too (http/log-redaction.ts).
      serializers: { req: serializeRequest },
      // Every line logged while a request is handled carries its id (http/request-id.ts).
      mixin: requestIdMixin,
      ...(logStream ? { stream: logStream } : config.logPretty ? { transport: { target: 'pino-pretty' } } : {}),
    },
    trustProxy: config.trustProxy,
    // A proxy's x-request-id is kept when it is safe (else a new UUID) and echoed back.
    genReqId: requestIdOf,
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    routerOptions: { querystringParser: parseQueryString },
    // Malformed URLs and bodies get the API's error shape too.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      const body: ApiError = { status, code: 'badRequest', message: 'Bad request' };
      void (reply as FastifyReply).headers(FRAMEWORK_ERROR_HEADERS).code(status).send(body);
    },
  }).withTypeProvider<ZodTypeProvider>();
}

/** What every route shares, registered before any route: caching, gates, validation, errors, headers, limits, docs. */
export async function registerPlugins(app: FastifyInstance, config: Config): Promise<void> {
  // Personal data is never cached by a browser or proxy (RELIABILITY "Cache-Control").
  app.addHook('onSend', async (request, reply) => {
    if (request.auth && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
  });

  // 401/403 before 422: authentication gates run before the body is validated, on every route.
  app.addHook('onRoute', authenticateBeforeValidation);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  // Helmet's headers, computed once (http/security-headers.ts); pages set their own nonce policy (web/index-html.ts).
  registerSecurityHeaders(app);
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyRateLimit, {
    max: config.rateLimitMax,
    timeWindow: '1 minute',
    allowList: (request) => !request.url.startsWith('/api/'),
  });

  await app.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 5, parts: 6 } });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Ustaz API', description: 'The tutoring marketplace API', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Its own policy replaces the one above: the docs must not be framed either.
    transformStaticCSP: (header) => `${header.replace(/;\s*$/, '')}; frame-ancestors 'none'`,
  });
}
