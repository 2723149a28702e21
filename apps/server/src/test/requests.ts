import { filsToKwd, kwdToFils } from '@ustaz/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Db } from '../db/client.ts';
import { type FakePayzah, startFakePayzah } from '../payments/testing/fake-payzah.ts';
import { createFactories } from './factories.ts';
import { createTestApp, testConfig } from './helpers.ts';
import { expectLedgerConsistent } from './money.ts';
import type { Factories, TestApp } from './test-app.ts';

/** The money flows as a browser drives them, through the real HTTP API (booking, cancelling, paying). */

type Headers = Record<string, string>;

let addressCounter = 0;
/** A new client address for each call: top-ups and the reconciliation report are rate limited per address. */
export function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/**
 * The `expectedTotal` a booking body carries (required, issue 29): what the slots cost as the
 * student saw them, from slot rows (`priceFils`) or the API's slots (`price`).
 */
export function totalOf(...slots: ({ priceFils: number } | { price: string })[]): string {
  return filsToKwd(
    slots.reduce((sum, slot) => sum + ('priceFils' in slot ? slot.priceFils : kwdToFils(slot.price)), 0),
  );
}

/** `POST /api/v1/booking/single` (or `multiple`). */
export function bookRequest(app: FastifyInstance, headers: Headers, body: Record<string, unknown>, path = 'single') {
  return app.inject({ method: 'POST', url: `/api/v1/booking/${path}`, headers, payload: body });
}

/** Books one slot from the wallet at the price it shows (`bookRequest`, balance); expects 200: the answer. */
export async function bookWithBalance(
  app: FastifyInstance,
  headers: Headers,
  slot: { id: number } & Parameters<typeof totalOf>[0],
) {
  const booked = await bookRequest(app, headers, {
    timeSlotId: slot.id,
    paymentMethod: 'balance',
    expectedTotal: totalOf(slot),
  });
  expect(booked.statusCode, booked.body).toBe(200);
  return booked;
}

/** `POST /api/v1/subscriptions/purchase`. */
export function purchaseRequest(app: FastifyInstance, headers: Headers, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/v1/subscriptions/purchase', headers, payload: body });
}

/** `POST /api/v1/reservations/:id/cancel`. */
export function cancelRequest(app: FastifyInstance, headers: Headers, reservationId: number, payload = {}) {
  return app.inject({ method: 'POST', url: `/api/v1/reservations/${reservationId}/cancel`, headers, payload });
}

/** The path and query of an absolute URL (the app answers on http://ustaz.test). */
export const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** Presses a button on the sandbox checkout page; returns the answer (303 to the return URL). */
export function pressAtSandbox(app: FastifyInstance, paymentLink: string, action: 'pay' | 'fail') {
  return app.inject({
    method: 'POST',
    url: pathOf(paymentLink),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `action=${action}`,
  });
}

/** Pays (or fails) at the sandbox checkout and comes back like the browser would: the return route's answer. */
export async function finishAtSandbox(app: FastifyInstance, paymentLink: string, action: 'pay' | 'fail') {
  const pressed = await pressAtSandbox(app, paymentLink, action);
  expect(pressed.statusCode).toBe(303);
  return app.inject({ url: pathOf(String(pressed.headers.location)) });
}

/** The real app whose Payzah adapter talks to a local fake Payzah; close both in afterAll. */
export async function createPayzahTestApp(privateKey: string): Promise<{
  fake: FakePayzah;
  ctx: Awaited<ReturnType<typeof createTestApp>>;
}> {
  const fake = await startFakePayzah({ privateKey });
  const ctx = await createTestApp({
    rateLimitMax: 1_000_000,
    payments: { ...testConfig().payments, payzah: { privateKey, baseUrl: fake.baseUrl } },
  });
  return { fake, ctx };
}

/**
 * The set-up of a describe block whose app talks to a local fake gateway: `start` builds the fake
 * and the app in beforeAll (with factories and the database beside them); afterAll checks the
 * ledger and closes both. The fields are filled in by that beforeAll: read them inside tests and hooks.
 */
export function useFakeGatewayApp<Fake extends { close(): Promise<void> }>(
  start: () => Promise<{ fake: Fake; ctx: TestApp }>,
): { fake: Fake; ctx: TestApp; f: Factories; db: Db } {
  const gateway = {} as { fake: Fake; ctx: TestApp; f: Factories; db: Db };
  beforeAll(async () => {
    const { fake, ctx } = await start();
    Object.assign(gateway, { fake, ctx, f: createFactories(ctx.database), db: ctx.database.db });
  });
  afterAll(async () => {
    await expectLedgerConsistent(gateway.db);
    await gateway.ctx.close();
    await gateway.fake.close();
  });
  return gateway;
}
