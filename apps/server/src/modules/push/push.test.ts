import { randomUUID } from 'node:crypto';
import type { MessageAck, PushPayload } from '@ustaz/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pushSubscriptions } from '../../db/schema.ts';
import { testConfig, unusedPort } from '../../test/helpers.ts';
import { createBrowserKeys, startFakePushService } from '../../test/push-endpoint.ts';
import { signedInWithSession, useSocketClients } from '../../test/sockets.ts';
import { useListeningTestApp } from '../../test/test-app.ts';
import { insertNotifications } from '../notifications/notifications.service.ts';
import { pushEndpointAllowed } from './push-endpoints.ts';

const port = await unusedPort();
const { t: ctx, f } = useListeningTestApp({
  rateLimitMax: 1_000_000,
  push: { ...testConfig().push, extraHosts: [`127.0.0.1:${port}`] },
});
const connectSocket = useSocketClients();
let pushService: Awaited<ReturnType<typeof startFakePushService>>;
beforeAll(async () => {
  pushService = await startFakePushService(port);
});
afterAll(() => pushService.close());

const signedIn = (kind: 'student' | 'teacher') => signedInWithSession(ctx.database, f, kind);

async function subscribe(headers: { authorization: string }, endpoint: string, keys = createBrowserKeys().keys) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/push/subscriptions',
    headers,
    payload: { endpoint, expirationTime: null, keys },
  });
}

/** A student writes to a teacher over the socket; a teacher without a socket gets a message.new stored. */
async function studentWrites(studentToken: string, teacherId: number, content: string) {
  const socket = await connectSocket(ctx.url, studentToken);
  const ack: MessageAck = await socket
    .timeout(3000)
    .emitWithAck('message', { recipientId: teacherId, content, clientMessageId: randomUUID() });
  socket.disconnect();
  if (!ack.ok) throw new Error('message not sent');
  return ack.message;
}

describe('push subscriptions', () => {
  it('serves the VAPID public key to anyone', async () => {
    const answer = await ctx.app.inject({ url: '/api/v1/push/key' });
    expect(answer.statusCode).toBe(200);
    // An uncompressed P-256 point: 65 bytes, 87 base64url characters.
    expect(Buffer.from(answer.json().publicKey, 'base64url')).toHaveLength(65);
  });

  it('refuses endpoints outside the push services (422), and anonymous callers (401)', async () => {
    const student = await f.student();
    for (const endpoint of [
      'https://evil.example/push/1',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/fcm/send/abc',
      'https://notify.windows.com.evil.example/w/',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      `http://127.0.0.1:${port + 1}/push/x`,
      'http://169.254.169.254/latest/meta-data',
      'not a url',
    ]) {
      const answer = await subscribe(student.headers, endpoint);
      expect(answer.statusCode, endpoint).toBe(422);
    }
    expect(
      await ctx.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, student.user.id)),
    ).toEqual([]);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/push/subscriptions',
      payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: createBrowserKeys().keys },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('stores a known push service endpoint once, and deletes it by endpoint for its owner only', async () => {
    const student = await f.student();
    const other = await f.student();
    const endpoint = `https://fcm.googleapis.com/fcm/send/${randomUUID()}`;
    expect((await subscribe(student.headers, endpoint)).statusCode).toBe(200);
    expect((await subscribe(student.headers, endpoint)).statusCode).toBe(200);
    const rows = await ctx.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    expect(rows.map((row) => row.userId)).toEqual([student.user.id]);
    const settings = await ctx.app.inject({ url: '/api/v1/push/settings', headers: student.headers });
    expect(settings.json()).toEqual({
      devices: 1,
      settings: { message: true, booking: true, cancellation: true, lessonReminder: true, reviewRequest: true },
    });
    const remove = (headers: { authorization: string }) =>
      ctx.app.inject({ method: 'DELETE', url: '/api/v1/push/subscriptions', headers, payload: { endpoint } });
    expect((await remove(other.headers)).statusCode).toBe(404);
    expect((await remove(student.headers)).statusCode).toBe(200);
    expect(
      await ctx.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)),
    ).toEqual([]);
  });

  it('refuses (409 endpointTaken) an endpoint registered to another user, whose registration stays as it was', async () => {
    const owner = await f.student();
    const other = await f.student();
    const endpoint = `https://fcm.googleapis.com/fcm/send/${randomUUID()}`;
    const ownerKeys = createBrowserKeys().keys;
    expect((await subscribe(owner.headers, endpoint, ownerKeys)).statusCode).toBe(200);
    const rowsOf = () =>
      ctx.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    const [before] = await rowsOf();

    const taken = await subscribe(other.headers, endpoint);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ status: 409, code: 'endpointTaken' });
    expect(await rowsOf()).toEqual([before]);
    expect((await ctx.app.inject({ url: '/api/v1/push/settings', headers: other.headers })).json().devices).toBe(0);

    // The owner registering again (a refreshed key pair) stays one row, theirs, with the new keys.
    const refreshed = createBrowserKeys().keys;
    expect((await subscribe(owner.headers, endpoint, refreshed)).statusCode).toBe(200);
    expect((await subscribe(owner.headers, endpoint, refreshed)).statusCode).toBe(200);
    const after = await rowsOf();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      id: before?.id,
      userId: owner.user.id,
      p256dh: refreshed.p256dh,
      auth: refreshed.auth,
    });
  });

  it('knows the push services by host', () => {
    expect(pushEndpointAllowed('https://fcm.googleapis.com/fcm/send/x', [])).toBe(true);
    expect(pushEndpointAllowed('https://updates.push.services.mozilla.com/wpush/v2/x', [])).toBe(true);
    expect(pushEndpointAllowed('https://wns2-db5p.notify.windows.com/w/?token=x', [])).toBe(true);
    expect(pushEndpointAllowed('https://web.push.apple.com/QGx', [])).toBe(true);
    expect(pushEndpointAllowed('https://api.push.apple.com/x', [])).toBe(true);
    expect(pushEndpointAllowed('https://push.apple.com.attacker.net/x', [])).toBe(false);
    expect(pushEndpointAllowed('http://127.0.0.1:9/x', [])).toBe(false);
    expect(pushEndpointAllowed('http://127.0.0.1:9/x', ['127.0.0.1:9'])).toBe(true);
  });
});

describe('pushing notifications', () => {
  it('a new message for a user without a socket reaches their device, encrypted for its keys, once', async () => {
    const student = await signedIn('student');
    const teacher = await signedIn('teacher');
    const browser = createBrowserKeys();
    const device = randomUUID();
    expect((await subscribe(teacher.headers, pushService.endpoint(device), browser.keys)).statusCode).toBe(200);
    const message = await studentWrites(student.token, teacher.user.id, 'متى نبدأ الدرس؟');
    await vi.waitFor(async () => expect(await ctx.app.push.dispatchNotifications()).toBe(1), { timeout: 5000 });
    const pushes = pushService.received.filter((push) => push.path === `/push/${device}`);
    expect(pushes).toHaveLength(1);
    const [push] = pushes;
    if (!push) return;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.ttl).toBeDefined();
    expect(push.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${ctx.app.push.publicKey()}$`),
    );
    const payload = JSON.parse(browser.decrypt(push.body)) as PushPayload;
    expect(payload).toEqual({
      kind: 'message',
      title: `رسالة جديدة من ${student.user.firstName} ${student.user.lastName}`,
      body: 'متى نبدأ الدرس؟',
      url: `/ar/chats/${student.user.id}`,
      tag: `chat-${message.conversationId}`,
    });
    // Handled: another dispatch (another process) sends it no more.
    expect(await ctx.app.push.dispatchNotifications()).toBe(0);
    expect(pushService.received.filter((push) => push.path === `/push/${device}`)).toHaveLength(1);
  });

  it('nothing is pushed to a user with an open socket, nor for a kind switched off; a kind left on is', async () => {
    const online = await signedIn('teacher');
    const muted = await signedIn('teacher');
    const student = await signedIn('student');
    const onlineDevice = randomUUID();
    const mutedDevice = randomUUID();
    await subscribe(online.headers, pushService.endpoint(onlineDevice));
    const mutedBrowser = createBrowserKeys();
    await subscribe(muted.headers, pushService.endpoint(mutedDevice), mutedBrowser.keys);
    const off = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/push/settings',
      headers: muted.headers,
      payload: { message: false, booking: true, cancellation: true, lessonReminder: true, reviewRequest: true },
    });
    expect(off.json().settings.message).toBe(false);
    await connectSocket(ctx.url, online.token);
    await studentWrites(student.token, muted.user.id, 'hello');
    // The online teacher gets the message on the socket and no notification row: pushed nothing either way.
    await studentWrites(student.token, online.user.id, 'hello');
    // A booking for both: the online one has a socket (presence), the muted one has bookings on.
    const startTime = new Date(Date.now() + 3 * 86_400_000).toISOString();
    await insertNotifications(
      ctx.database.db,
      [online, muted].map((teacher) => ({
        userId: teacher.user.id,
        type: 'booking.received' as const,
        data: { reservationIds: [1], studentName: 'Sara Ali', startTime },
      })),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await ctx.app.push.dispatchNotifications()).toBe(1);
    const paths = pushService.received.map((push) => push.path);
    expect(paths).not.toContain(`/push/${onlineDevice}`);
    expect(paths.filter((path) => path === `/push/${mutedDevice}`)).toHaveLength(1);
    const [push] = pushService.received.filter((received) => received.path === `/push/${mutedDevice}`);
    const payload = JSON.parse(mutedBrowser.decrypt(push?.body ?? Buffer.alloc(0))) as PushPayload;
    expect(payload).toMatchObject({ kind: 'booking', title: 'حجز جديد من Sara Ali', url: '/ar/schedule' });
  });

  it('an endpoint the push service says is gone (410) is deleted', async () => {
    const student = await signedIn('student');
    const teacher = await signedIn('teacher');
    const device = randomUUID();
    pushService.answer(`/push/${device}`, 410);
    await subscribe(teacher.headers, pushService.endpoint(device));
    await studentWrites(student.token, teacher.user.id, 'are you there?');
    await vi.waitFor(
      async () => {
        await ctx.app.push.dispatchNotifications();
        expect(pushService.received.some((push) => push.path === `/push/${device}`)).toBe(true);
      },
      { timeout: 5000 },
    );
    const rows = await ctx.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, pushService.endpoint(device)));
    expect(rows).toEqual([]);
  });
});
