import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerErrorHandling, sendNotFound } from './http/errors.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { createSettingsService, runtimeSettings } from './modules/settings/settings.service.ts';
import { registerWebApp } from './web/web.routes.ts';

export type AppDeps = { config: Config; database: Database };

/** Not served as pages: a missing file under these prefixes is a plain 404. */
const NON_PAGE_PREFIXES = ['/api/', '/assets/', '/locales/', '/fonts/'];

/** Builds the HTTP app: plugins and modules, no listening, no reading of the environment. */
export async function buildApp({ config, database }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.refreshToken'],
        censor: '[redacted]',
      },
      ...(config.logPretty ? { transport: { target: 'pino-pretty' } } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(fastifyHelmet, {
    // API answers get a locked-down policy; pages get their own nonce policy (web/index-html.ts).
    contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyRateLimit, {
    max: config.rateLimitMax,
    timeWindow: '1 minute',
    allowList: (request) => !request.url.startsWith('/api/'),
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Ustaz API', description: 'The tutoring marketplace API', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const settings = createSettingsService(database.db, runtimeSettings(config));

  app.get('/api/health', {
    schema: {
      tags: ['health'],
      response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) },
    },
    handler: async () => {
      await database.ping();
      return { status: 'ok' as const, database: database.kind };
    },
  });
  await app.register(settingsRoutes(settings));

  const servePage = await registerWebApp(app, config.webDistDir, settings);
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !NON_PAGE_PREFIXES.some((prefix) => pathname.startsWith(prefix)) &&
      !/\.[a-z0-9]+$/i.test(pathname);
    if (servePage && isPage) return servePage(request, reply);
    return sendNotFound(request, reply);
  });

  return app;
}
