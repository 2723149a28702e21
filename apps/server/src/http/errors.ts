import {
  type ApiError,
  type ErrorCode,
  VALIDATION_CODES,
  type ValidationCode,
  type ValidationError,
} from '@ustaz/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, PG_NUMERIC_OUT_OF_RANGE, PG_UNTRANSLATABLE_TEXT, pgErrorCode } from '../db/errors.ts';

/** An error a service throws on purpose; the handler turns it into the API's error shape. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    /** For 429 and 503: sent as the Retry-After header. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** A 422 with one code per field, e.g. `{ email: 'notFound' }`. */
export class FieldValidationError extends Error {
  constructor(readonly errors: Record<string, ValidationCode>) {
    super('Validation failed');
  }
}

const STATUS_CODES: Record<number, { code: ErrorCode; message: string }> = {
  400: { code: 'badRequest', message: 'Bad request' },
  401: { code: 'unauthorized', message: 'Unauthorized' },
  403: { code: 'forbidden', message: 'Forbidden' },
  404: { code: 'notFound', message: 'Not found' },
  409: { code: 'conflict', message: 'Conflict' },
  413: { code: 'payloadTooLarge', message: 'Payload too large' },
  415: { code: 'badRequest', message: 'Unsupported media type' },
  429: { code: 'tooManyRequests', message: 'Too many requests' },
  503: { code: 'serviceUnavailable', message: 'Service unavailable' },
};

/** What a 503 for a database out of reach asks the client to wait. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

type Issue = { keyword: string; instancePath: string; params: Record<string, unknown> };

function valueAt(root: unknown, path: string[]): unknown {
  let current: unknown = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function isValidationCode(value: unknown): value is ValidationCode {
  return (VALIDATION_CODES as readonly unknown[]).includes(value);
}

/**
 * Maps zod issues to stable field codes the client translates. A custom check that names its
 * code (`refine(..., { params: { code: 'tooSmall' } })`) keeps it; other custom checks are `invalid`.
 */
export function toFieldErrors(issues: Issue[], input: unknown): Record<string, ValidationCode> {
  const errors: Record<string, ValidationCode> = {};
  for (const issue of issues) {
    const path = issue.instancePath.split('/').filter(Boolean);
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      for (const key of issue.params.keys) errors[[...path, String(key)].join('.')] ??= 'unknownField';
      continue;
    }
    const field = path.length > 0 ? path.join('.') : '_';
    if (errors[field]) continue;
    const value = valueAt(input, path);
    let code: ValidationCode;
    switch (issue.keyword) {
      case 'invalid_type':
        code = value === undefined || value === null ? 'required' : 'invalidType';
        break;
      case 'too_small':
        code = issue.params.origin === 'string' || issue.params.origin === 'array' ? 'tooShort' : 'tooSmall';
        if (issue.params.origin === 'string' && typeof value === 'string' && value.trim() === '') code = 'required';
        break;
      case 'too_big':
        code = issue.params.origin === 'string' || issue.params.origin === 'array' ? 'tooLong' : 'tooBig';
        break;
      case 'unrecognized_keys':
        code = 'unknownField';
        break;
      case 'custom': {
        const named = (issue.params.params as { code?: unknown } | undefined)?.code;
        code = isValidationCode(named) ? named : 'invalid';
        break;
      }
      default:
        code = 'invalid';
    }
    errors[field] = code;
  }
  return errors;
}

function sendApiError(reply: FastifyReply, status: number, code: ErrorCode, message: string) {
  const body: ApiError = { status, code, message };
  return reply.status(status).send(body);
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof FieldValidationError) {
      const body: ValidationError = { status: 422, errors: error.errors };
      return reply.status(422).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const source =
        error.validationContext === 'querystring'
          ? request.query
          : error.validationContext === 'params'
            ? request.params
            : request.body;
      const body: ValidationError = { status: 422, errors: toFieldErrors(error.validation as Issue[], source) };
      return reply.status(422).send(body);
    }
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return sendApiError(reply, error.status, error.code, error.message);
    }
    const pgCode = pgErrorCode(error);
    if (pgCode === PG_UNTRANSLATABLE_TEXT || pgCode === PG_NUMERIC_OUT_OF_RANGE) {
      // Text PostgreSQL cannot store (a NUL character) or a number past its column (an id over
      // 2^31 - 1) came from the client: its fault, not ours. Logged, in case a schema should say so.
      request.log.warn({ code: pgCode, url: request.routeOptions.url }, 'input refused by the database');
      const body: ValidationError = { status: 422, errors: { _: 'invalid' } };
      return reply.status(422).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return sendApiError(reply, 429, 'tooManyRequests', 'Too many requests, please try again later');
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type) keep their status.
      const known = STATUS_CODES[status] ?? STATUS_CODES[400];
      return sendApiError(reply, status, known?.code ?? 'badRequest', known?.message ?? 'Bad request');
    }
    if (isDatabaseUnavailable(error)) {
      // An outage, not a bug: the client may try again shortly (a restart, a failover).
      // The driver's own reason only: Drizzle's message carries the query's parameters.
      let root: unknown = error;
      while (root instanceof Error && root.cause instanceof Error) root = root.cause;
      const reason = root instanceof Error ? root.message.slice(0, 200) : 'unknown';
      request.log.warn({ url: request.routeOptions.url, reason }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendApiError(reply, 503, 'serviceUnavailable', 'Service unavailable, please try again shortly');
    }
    request.log.error({ err: error }, 'request failed');
    return sendApiError(reply, 500, 'internalError', 'Internal server error');
  });
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return sendApiError(reply, 404, 'notFound', `Route ${request.method} ${request.url.split('?')[0]} not found`);
}
