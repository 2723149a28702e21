import {
  confirmBodySchema,
  deleteMeBodySchema,
  forgotBodySchema,
  googleLoginBodySchema,
  googleSandboxTokenBodySchema,
  googleSandboxTokenResponseSchema,
  loginBodySchema,
  okResponseSchema,
  refreshResponseSchema,
  registerBodySchema,
  registerResponseSchema,
  resendConfirmationBodySchema,
  resetBodySchema,
  signInLinkBodySchema,
  signInLinkVerifyBodySchema,
  tokensResponseSchema,
  updateMeBodySchema,
  userProfileResponseSchema,
  userSchema,
} from '@ustaz/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_RATE_LIMIT_MAX } from '../../config.ts';
import { authOf, bearerToken } from '../../http/authenticate.ts';
import { HttpError } from '../../http/errors.ts';
import { requestLanguage } from '../../http/language.ts';
import { type ModuleRoutesOptions, moduleDocs } from '../../http/module-routes.ts';
import { idParamsSchema } from '../../http/params.ts';
import type { AccountService } from './account.service.ts';
import type { AuthService } from './auth.service.ts';
import type { CredentialsService } from './credentials.service.ts';
import { createGoogleSandboxIssuer, type GoogleConfig } from './google-sandbox.ts';
import type { SessionsService } from './sessions.service.ts';

type Options = ModuleRoutesOptions<AuthService> & {
  /** RATE_LIMIT_MAX: each route's limit below is for the default and grows in proportion. */
  rateLimitMax: number;
  /** Google sign-in; on the sandbox (ADR 027) its token route is added. */
  google: GoogleConfig | null;
};

const { tags, security } = moduleDocs('auth');
/** A route's limit per address: `max` a minute at the default RATE_LIMIT_MAX, never less. */
export function authRouteLimit(max: number, rateLimitMax: number): number {
  return Math.max(max, Math.floor((max * rateLimitMax) / DEFAULT_RATE_LIMIT_MAX));
}

function bearerOf(request: FastifyRequest): string {
  const token = bearerToken(request);
  if (!token) throw new HttpError(401, 'unauthorized', 'Missing bearer token');
  return token;
}

/** The Fastify instance the plugin registers on. */
type App = Parameters<FastifyPluginAsyncZod>[0];
/** A route's rate limit per address: `max` a minute, grown with RATE_LIMIT_MAX (`authRouteLimit`). */
type PerMinute = (max: number) => { rateLimit: { max: number; timeWindow: string } };

export function authRoutes({ service, requireAuth, rateLimitMax, google }: Options): FastifyPluginAsyncZod {
  const perMinute: PerMinute = (max) => ({
    rateLimit: { max: authRouteLimit(max, rateLimitMax), timeWindow: '1 minute' },
  });
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      // Personal data and tokens are never cached.
      reply.header('cache-control', 'no-store');
    });
    sessionRoutes(app, service, perMinute, google);
    credentialRoutes(app, service, perMinute);
    accountRoutes(app, service, perMinute, requireAuth);
  };
}

/** The ways in (password, mailed link, Google), refresh and sign-out. */
function sessionRoutes(app: App, service: SessionsService, perMinute: PerMinute, google: GoogleConfig | null) {
  app.post('/api/v1/auth/email/login', {
    config: perMinute(20),
    schema: { tags, body: loginBodySchema, response: { 200: tokensResponseSchema } },
    handler: (request) =>
      service.login(request.body.email, request.body.password, request.ip, requestLanguage(request)),
  });

  app.post('/api/v1/auth/sign-in-link', {
    config: perMinute(5),
    schema: {
      tags,
      summary:
        'Mail a one-time sign-in link (valid 15 min, once; a newer one ends the older; one a minute per account). Same answer for any e-mail',
      body: signInLinkBodySchema,
      response: { 200: okResponseSchema },
    },
    handler: (request) => service.requestSignInLink(request.body.email, requestLanguage(request)),
  });

  app.post('/api/v1/auth/sign-in-link/verify', {
    config: perMinute(20),
    schema: {
      tags,
      summary:
        "Sign in with a mailed link's hash: the same answer as a sign-in; the address then counts as the owner's. 422 errors.hash invalidHash | hashExpired",
      body: signInLinkVerifyBodySchema,
      response: { 200: tokensResponseSchema },
    },
    handler: (request) => service.verifySignInLink(request.body.hash, request.ip),
  });

  app.post('/api/v1/auth/google/login', {
    config: perMinute(20),
    schema: { tags, body: googleLoginBodySchema, response: { 200: tokensResponseSchema } },
    handler: (request) => service.googleLogin(request.body.idToken, requestLanguage(request), request.ip),
  });

  if (google?.sandbox) {
    const issueIdToken = createGoogleSandboxIssuer(google);
    app.post('/api/v1/auth/google/sandbox/token', {
      config: perMinute(20),
      schema: {
        tags,
        summary: 'Development only: the local Google sandbox signs an ID token for /auth/google/login (ADR 027)',
        body: googleSandboxTokenBodySchema,
        response: { 200: googleSandboxTokenResponseSchema },
      },
      handler: async (request) => ({ idToken: await issueIdToken(request.body) }),
    });
  }

  /** A route of the bearer's own session (its token is the bearer), at 60 a minute. */
  const bearerRoute = <Response extends object>(summary: string, response: Response) => ({
    config: perMinute(60),
    schema: { tags, security, summary, response: { 200: response } },
  });

  app.post(
    '/api/v1/auth/refresh',
    bearerRoute('Rotate the refresh token sent as the bearer', refreshResponseSchema),
    (request) => service.refresh(bearerOf(request)),
  );

  app.post(
    '/api/v1/auth/logout',
    bearerRoute(
      'End the session of the bearer (its access token or its refresh token); 401 if none is live',
      okResponseSchema,
    ),
    (request) => service.logout(bearerOf(request)),
  );
}

/** The e-mail confirmation and the password reset by mail. */
function credentialRoutes(app: App, service: CredentialsService, perMinute: PerMinute) {
  app.post('/api/v1/auth/email/confirm', {
    config: perMinute(20),
    schema: { tags, body: confirmBodySchema, response: { 200: okResponseSchema } },
    handler: (request) => service.confirmEmail(request.body.hash),
  });

  app.post('/api/v1/auth/email/resend', {
    config: perMinute(5),
    schema: {
      tags,
      summary: 'Mail a new confirmation link (same answer for any e-mail)',
      body: resendConfirmationBodySchema,
      response: { 200: okResponseSchema },
    },
    handler: (request) => service.resendConfirmationTo(request.body.email),
  });

  app.post('/api/v1/auth/forgot/password', {
    config: perMinute(5),
    schema: { tags, body: forgotBodySchema, response: { 200: okResponseSchema } },
    handler: (request) => service.forgotPassword(request.body.email, requestLanguage(request)),
  });

  app.post('/api/v1/auth/reset/password', {
    config: perMinute(10),
    schema: { tags, body: resetBodySchema, response: { 200: okResponseSchema } },
    handler: (request) => service.resetPassword(request.body.hash, request.body.password),
  });
}

/** Registration, one's own account and other users' profiles. */
function accountRoutes(app: App, service: AccountService, perMinute: PerMinute, requireAuth: Options['requireAuth']) {
  app.post('/api/v1/auth/email/register', {
    config: perMinute(10),
    schema: { tags, body: registerBodySchema, response: { 201: registerResponseSchema } },
    handler: async (request, reply) => {
      reply.status(201);
      return service.register(request.body, requestLanguage(request));
    },
  });

  app.get('/api/v1/auth/me', {
    preHandler: requireAuth,
    schema: { tags, security, response: { 200: userSchema } },
    handler: (request) => service.me(authOf(request).userId),
  });

  app.patch('/api/v1/auth/me', {
    preHandler: requireAuth,
    config: perMinute(30),
    schema: { tags, security, body: updateMeBodySchema, response: { 200: userSchema } },
    handler: (request) => service.updateMe(authOf(request), request.body, request.ip),
  });

  app.delete('/api/v1/auth/me', {
    preHandler: requireAuth,
    config: perMinute(10),
    schema: {
      tags,
      security,
      summary: 'Delete the account: 409 hasUpcomingReservations while lessons are ahead',
      body: deleteMeBodySchema.nullish(),
      response: { 200: okResponseSchema },
    },
    handler: (request) => service.deleteMe(authOf(request), request.body ?? {}, request.ip),
  });

  app.get('/api/v1/auth/users/:id', {
    preHandler: requireAuth,
    schema: {
      tags,
      security,
      params: idParamsSchema,
      response: { 200: userProfileResponseSchema },
    },
    handler: (request) => service.userProfile(authOf(request).userId, request.params.id, requestLanguage(request)),
  });
}
