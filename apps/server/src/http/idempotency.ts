import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { FieldValidationError, HttpError } from './errors.ts';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  dropAbandonedIdempotencyKey,
  dropPendingIdempotencyKey,
  findIdempotencyKey,
} from './idempotency.repo.ts';

/** A request still running after this long is taken as abandoned (its process died). */
const ABANDONED_MS = 60_000;
const WAIT_STEP_MS = 50;
const WAIT_MAX_MS = 15_000;

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !KEY_PATTERN.test(value)) throw new FieldValidationError({ idempotencyKey: 'invalid' });
  return value;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Client idempotency (RELIABILITY I5, Stripe's rules): the first request with a key runs; a later
 * one with the same key and body gets the stored answer without running again; the key with
 * another body is refused (422); a second request while the first still runs waits for its
 * answer. Only successful answers are stored: a refused request changed nothing, so running it
 * again is safe and lets the user fix the cause (top up, pick another slot) and retry.
 */
export function createIdempotency(db: Db) {
  return async function run<T>(
    userId: number,
    key: string | undefined,
    scope: string,
    body: unknown,
    execute: () => Promise<T>,
  ): Promise<T> {
    if (key === undefined) return execute();
    const requestHash = createHash('sha256')
      .update(scope)
      .update('\n')
      .update(JSON.stringify(body ?? null))
      .digest('hex');
    const started = Date.now();
    for (;;) {
      let claimed = false;
      try {
        claimed = await claimIdempotencyKey(db, { userId, key, scope, requestHash });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      if (claimed) break;
      const existing = await findIdempotencyKey(db, { userId, key });
      if (!existing) continue;
      if (existing.requestHash !== requestHash)
        throw new FieldValidationError({ idempotencyKey: 'idempotencyKeyReused' });
      if (existing.completedAt) return existing.response as T;
      if (Date.now() - existing.createdAt.getTime() > ABANDONED_MS) {
        await dropAbandonedIdempotencyKey(db, { userId, key }, new Date(Date.now() - ABANDONED_MS));
        continue;
      }
      if (Date.now() - started > WAIT_MAX_MS) {
        throw new HttpError(409, 'idempotencyKeyInUse', 'A request with this Idempotency-Key is still running');
      }
      await sleep(WAIT_STEP_MS);
    }
    try {
      const result = await execute();
      await completeIdempotencyKey(db, { userId, key }, result as object);
      return result;
    } catch (error) {
      await dropPendingIdempotencyKey(db, { userId, key });
      throw error;
    }
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
