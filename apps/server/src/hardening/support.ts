import { randomBytes } from 'node:crypto';
import { ROLE } from '@ustaz/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../db/client.ts';
import { notifications } from '../db/schema.ts';
import { appendMessage, ensureConversation } from '../modules/chat/chat.repo.ts';
import { insertNotifications } from '../modules/notifications/notifications.repo.ts';
import { renderAvatarPng } from '../seed/seed-avatar.ts';
import { createFactories, type TestTeacher, type TestUser } from '../test/factories.ts';
import { fundWallet } from '../test/money.ts';
import { totalOf } from '../test/requests.ts';

export type Route = { method: string; path: string; secured: boolean };

/** Every route of the app, from its own OpenAPI document (every route has a schema). */
export function routeTable(app: FastifyInstance): Route[] {
  const paths = (app.swagger() as { paths: Record<string, Record<string, { security?: unknown[] }>> }).paths;
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      routes.push({ method: method.toUpperCase(), path, secured: (operation.security?.length ?? 0) > 0 });
    }
  }
  return routes;
}

export const routeKey = (route: Pick<Route, 'method' | 'path'>) => `${route.method} ${route.path}`;
export const isAdminPath = (path: string) => path.startsWith('/api/v1/admin/') || path === '/api/v1/admin';

/** `/api/v1/payments/{id}` with `{ id: 'pay…' }` -> `/api/v1/payments/pay…`. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${path}`);
    return encodeURIComponent(String(value));
  });
}

let addressCounter = 0;
/** Each call from its own address, so the per-address limits of some routes never answer instead. */
export function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** Status codes a request may never get, and what an error body may never carry. */
const STACK_TRACE =
  /\n\s+at |\bat\s+\S+\s+\(|\bat\s+(file:|node:|\/)|\.[cm]?[tj]s:\d+|Error:|node_modules|Failed query/;

/** An error answer: `{ status, errors }` or `{ status, message, code }`, with no internals in it. */
export function expectCleanError(res: { statusCode: number; body: string }, context: string) {
  expect(res.statusCode, `${context}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode < 400) return;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    throw new Error(`${context}: the ${res.statusCode} answer is not JSON: ${res.body.slice(0, 200)}`);
  }
  expectErrorShape(body, res.statusCode, context);
  expect(STACK_TRACE.test(res.body), `${context}: internals in ${res.body.slice(0, 300)}`).toBe(false);
}

export function expectErrorShape(body: unknown, status: number, context: string) {
  const b = body as Record<string, unknown>;
  const fieldErrors =
    typeof b.errors === 'object' &&
    b.errors !== null &&
    Object.values(b.errors).every((code) => typeof code === 'string') &&
    Object.keys(b).sort().join() === 'errors,status';
  const plain =
    typeof b.message === 'string' &&
    typeof b.code === 'string' &&
    Object.keys(b).sort().join() === 'code,message,status';
  expect(fieldErrors || plain, `${context}: not the error shape: ${JSON.stringify(body).slice(0, 300)}`).toBe(true);
  expect(b.status, `${context}: status in the body`).toBe(status);
}

/** A small real PNG as a multipart body. */
export function pngUpload(seed = 1) {
  const boundary = `----hardening${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    renderAvatarPng(seed, 8),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const HOUR = 3600_000;
let slotHour = 72;
/** Hours ahead for the next fresh slot: every slot of a test file is distinct. */
export function nextSlotStart(): Date {
  slotHour += 2;
  return new Date(Date.now() + slotHour * HOUR);
}

/**
 * Two students, two teachers and an admin, and something of each kind that belongs to someone:
 * a wallet booking, a pending gateway payment, a conversation with a message, a notification,
 * an open slot, a photo.
 */
export async function createWorld(app: FastifyInstance, database: Database) {
  const f = createFactories(database);
  const db = database.db;
  const subject = await f.subject();
  const admin = await f.user({ roleId: ROLE.admin });
  const student: TestUser = await f.student();
  const stranger: TestUser = await f.student();
  const teacher: TestTeacher = await f.teacher({ subjects: [subject], slots: [nextSlotStart()] });
  const otherTeacher: TestTeacher = await f.teacher({ subjects: [subject] });
  await fundWallet(db, student.user.id, 500_000);

  const openSlot = await f.slot(teacher.profile.id, nextSlotStart(), { priceFils: 10_000 });
  const bookedSlot = await f.slot(teacher.profile.id, nextSlotStart(), { priceFils: 10_000 });
  const booked = await app.inject({
    method: 'POST',
    url: '/api/v1/booking/single',
    headers: student.headers,
    payload: { timeSlotId: bookedSlot.id, paymentMethod: 'balance', expectedTotal: totalOf(bookedSlot) },
  });
  expect(booked.statusCode, booked.body).toBe(200);
  const reservationId = (booked.json() as { reservations: { id: number }[] }).reservations[0]?.id ?? 0;

  const topUp = await app.inject({
    method: 'POST',
    url: '/api/v1/balance/top-up/payzah',
    headers: student.headers,
    payload: { amount: '5' },
    remoteAddress: nextAddress(),
  });
  expect(topUp.statusCode, topUp.body).toBe(200);
  const { paymentId, paymentLink } = topUp.json() as { paymentId: string; paymentLink: string };
  const chargeId = new URL(paymentLink).pathname.split('/').pop() ?? '';

  const secret = `secret-${randomBytes(6).toString('hex')}`;
  const conversation = await ensureConversation(db, student.user.id, teacher.user.id);
  const message = await appendMessage(db, {
    conversationId: conversation.id,
    senderId: teacher.user.id,
    recipientId: student.user.id,
    content: secret,
    clientMessageId: randomBytes(8).toString('hex'),
  });
  await insertNotifications(db, [{ userId: student.user.id, type: 'wallet.refund', data: { note: secret } }]);
  const [notification] = await db.select().from(notifications).where(eq(notifications.userId, student.user.id));

  const upload = pngUpload();
  const uploaded = await app.inject({
    method: 'POST',
    url: '/api/v1/files/upload',
    headers: { ...student.headers, ...upload.headers },
    payload: upload.payload,
    remoteAddress: nextAddress(),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const fileId = (uploaded.json() as { file: { id: string } }).file.id;

  return {
    f,
    subject,
    admin,
    student,
    stranger,
    teacher,
    otherTeacher,
    openSlot,
    bookedSlot,
    reservationId,
    paymentId,
    chargeId,
    conversationId: conversation.id,
    messageId: message.id,
    notificationId: notification?.id ?? 0,
    fileId,
    /** Text only the student and the teacher may see. */
    secret,
  };
}

export type World = Awaited<ReturnType<typeof createWorld>>;

/** Sends a request; a JSON payload is sent as given (objects) or as raw text (strings). */
export function send(app: FastifyInstance, options: InjectOptions) {
  return app.inject({ remoteAddress: nextAddress(), ...options });
}
