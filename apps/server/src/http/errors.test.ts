import { topUpBodySchema } from '@ustaz/contract';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FieldValidationError, HttpError, registerErrorHandling } from './errors.ts';

// A small app with the real error handler and routes that fail in each way a module can.
const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.post('/things', {
    schema: {
      body: z.strictObject({
        email: z.email(),
        name: z.string().min(1).max(5),
        age: z.number().int().min(1),
        tags: z.array(z.string()).min(1),
      }),
    },
    handler: async () => ({ ok: true }),
  });
  app.post('/top-up', { schema: { body: topUpBodySchema }, handler: async () => ({ ok: true }) });
  app.post('/refined', {
    schema: { body: z.object({ ids: z.array(z.number()).refine((ids) => new Set(ids).size === ids.length) }) },
    handler: async () => ({ ok: true }),
  });
  app.get('/things/:id', {
    schema: { params: z.object({ id: z.coerce.number().int().positive() }) },
    handler: async () => ({ ok: true }),
  });
  app.get('/boom', async () => {
    throw new Error('secret database detail');
  });
  app.get('/taken', async () => {
    throw new HttpError(409, 'slotUnavailable', 'The slot was taken');
  });
  app.get('/nul', async () => {
    // What a driver throws for a NUL character in text, wrapped the way Drizzle wraps it.
    throw Object.assign(new Error('Failed query'), { cause: { code: '22021' } });
  });
  app.get('/range', async () => {
    // What a driver throws for an id past a 32-bit column ("integer out of range").
    throw Object.assign(new Error('Failed query'), { cause: { code: '22003' } });
  });
  app.get('/field', async () => {
    throw new FieldValidationError({ email: 'notFound' });
  });
  await app.ready();
});
afterAll(() => app.close());

/** GET `url`: expects `status`, gives back the answer. */
async function answered(url: string, status: number) {
  const res = await app.inject({ url });
  expect(res.statusCode).toBe(status);
  return res;
}

describe('error format', () => {
  it('answers schema failures with 422 and one code per field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/things',
      payload: { email: 'not-an-email', name: '', age: 0, tags: [], role: 1 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      status: 422,
      errors: { email: 'invalid', name: 'required', age: 'tooSmall', tags: 'tooShort', role: 'unknownField' },
    });
  });

  it('tells a missing field from a wrong type and a too long value', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/things',
      payload: { name: 'abcdefgh', age: 'x', tags: ['a'] },
    });
    expect(res.json()).toEqual({
      status: 422,
      errors: { email: 'required', name: 'tooLong', age: 'invalidType' },
    });
  });

  it("sends a custom check's own code (the contract's tooSmall and tooBig), else invalid", async () => {
    const post = (url: string, payload: Record<string, unknown>) => app.inject({ method: 'POST', url, payload });
    expect((await post('/top-up', { amount: '0' })).json()).toEqual({ status: 422, errors: { amount: 'tooSmall' } });
    expect((await post('/top-up', { amount: '1000.001' })).json()).toEqual({
      status: 422,
      errors: { amount: 'tooBig' },
    });
    expect((await post('/top-up', { amount: '1e3' })).json()).toEqual({ status: 422, errors: { amount: 'invalid' } });
    expect((await post('/refined', { ids: [1, 1] })).json()).toEqual({ status: 422, errors: { ids: 'invalid' } });
  });

  it('validates path parameters the same way', async () => {
    expect((await answered('/things/-4', 422)).json()).toEqual({ status: 422, errors: { id: 'tooSmall' } });
  });

  it('hides 5xx details behind a generic message', async () => {
    const res = await answered('/boom', 500);
    expect(res.json()).toEqual({ status: 500, code: 'internalError', message: 'Internal server error' });
    expect(res.body).not.toContain('secret');
  });

  it('passes service errors through with their status and code', async () => {
    expect((await app.inject({ url: '/taken' })).json()).toEqual({
      status: 409,
      code: 'slotUnavailable',
      message: 'The slot was taken',
    });
    expect((await app.inject({ url: '/field' })).json()).toEqual({ status: 422, errors: { email: 'notFound' } });
  });

  it('answers a body too large with 413 and bad JSON with 400', async () => {
    const big = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ status: 413, code: 'payloadTooLarge' });
    const bad = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 400, code: 'badRequest' });
  });
});

describe('database refusals caused by the input', () => {
  it.each([
    ['text PostgreSQL cannot store (a NUL character)', '/nul'],
    ['a number past its column (integer out of range)', '/range'],
  ])('answers %s with 422, not 500', async (_, url) => {
    expect((await answered(url, 422)).json()).toEqual({ status: 422, errors: { _: 'invalid' } });
  });
});

describe('codes are a closed set', () => {
  it('refuses, at compile time, a code the contract does not list', () => {
    // @ts-expect-error 'madeUp' is not an ErrorCode: tsc fails here if HttpError.code accepts any string.
    const http = new HttpError(400, 'madeUp', 'Made up');
    // @ts-expect-error 'madeUp' is not a ValidationCode: tsc fails here if field codes accept any string.
    const field = new FieldValidationError({ email: 'madeUp' });
    expect([http.code, field.errors.email]).toEqual(['madeUp', 'madeUp']);
  });
});
