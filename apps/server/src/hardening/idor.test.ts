import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  conversations,
  lessonDisputes,
  notifications,
  reservations,
  reviews,
  standingBookings,
  teacherProfiles,
  timeSlots,
  users,
} from '../db/schema.ts';
import { walletOf } from '../test/money.ts';
import { totalOf } from '../test/requests.ts';
import { useTestApp } from '../test/test-app.ts';
import { createWorld, fillPath, isAdminPath, routeKey, routeTable, send, type World } from './support.ts';

/**
 * RELIABILITY P0 12: every route with a parameter in its path, from the server's own route table,
 * is classified here. A new route that is not fails the first test with its name: decide what it
 * is, and if it belongs to someone, add how to reach another user's item.
 */
type Attempt = (w: World) => Omit<InjectOptions, 'headers'>;

/** The weekly series of the world's open slot (DELETE /availability/series/{seriesId}). */
const SERIES_ID = randomUUID();
/** The world's student's standing weekly series (issue 32), made in beforeAll. */
let standingId = 0;

/** The item belongs to a user: anyone else gets 403 or 404 and learns nothing. */
const OWNER_SCOPED: Record<string, Attempt> = {
  'GET /api/v1/payments/{id}': (w) => ({ url: `/api/v1/payments/${w.paymentId}` }),
  // Issue 34: receipts (the payer and admins; anyone else 404, even for an unpaid payment).
  'GET /api/v1/payments/{id}/receipt': (w) => ({ url: `/api/v1/payments/${w.paymentId}/receipt` }),
  'GET /api/v1/reservations/{id}/receipt': (w) => ({ url: `/api/v1/reservations/${w.reservationId}/receipt` }),
  'POST /api/v1/reservations/{id}/cancel': (w) => ({
    method: 'POST',
    url: `/api/v1/reservations/${w.reservationId}/cancel`,
    payload: { reason: 'not mine' },
  }),
  // Issue 32: moving a lesson and a teacher's proposals (the reservation's student, its teacher).
  'POST /api/v1/reservations/{id}/reschedule': (w) => ({
    method: 'POST',
    url: `/api/v1/reservations/${w.reservationId}/reschedule`,
    payload: { timeSlotId: w.openSlot.id, expectedTotal: '10.000' },
  }),
  'POST /api/v1/reservations/{id}/proposals': (w) => ({
    method: 'POST',
    url: `/api/v1/reservations/${w.reservationId}/proposals`,
    payload: { timeSlotId: w.openSlot.id, note: 'not mine' },
  }),
  'POST /api/v1/reservation-proposals/{id}/accept': () => ({
    method: 'POST',
    url: '/api/v1/reservation-proposals/1/accept',
    payload: { expectedTotal: '10.000' },
  }),
  'POST /api/v1/reservation-proposals/{id}/decline': () => ({
    method: 'POST',
    url: '/api/v1/reservation-proposals/1/decline',
  }),
  'POST /api/v1/standing-bookings/{id}/skip': (w) => ({
    method: 'POST',
    url: `/api/v1/standing-bookings/${standingId}/skip`,
    payload: { reservationId: w.reservationId },
  }),
  'POST /api/v1/standing-bookings/{id}/stop': () => ({
    method: 'POST',
    url: `/api/v1/standing-bookings/${standingId}/stop`,
  }),
  'PATCH /api/v1/availability/slots/{id}': (w) => ({
    method: 'PATCH',
    url: `/api/v1/availability/slots/${w.openSlot.id}`,
    payload: { price: '0.500' },
  }),
  // The teacher's open slot is marked with this series in beforeAll.
  'DELETE /api/v1/availability/series/{seriesId}': () => ({
    method: 'DELETE',
    url: `/api/v1/availability/series/${SERIES_ID}`,
  }),
  'DELETE /api/v1/availability/slots/{id}': (w) => ({
    method: 'DELETE',
    url: `/api/v1/availability/slots/${w.openSlot.id}`,
  }),
  'GET /api/v1/chats/{id}/messages': (w) => ({ url: `/api/v1/chats/${w.conversationId}/messages` }),
  'POST /api/v1/chats/{id}/read': (w) => ({
    method: 'POST',
    url: `/api/v1/chats/${w.conversationId}/read`,
    payload: { messageId: w.messageId },
  }),
  'PATCH /api/notifications/{id}/mark-as-read': (w) => ({
    method: 'PATCH',
    url: `/api/notifications/${w.notificationId}/mark-as-read`,
  }),
  'PATCH /api/teachers/profiles/{id}': (w) => ({
    method: 'PATCH',
    url: `/api/teachers/profiles/${w.teacher.profile.id}`,
    payload: { bio: 'pwned', hourlyRate: '0.500' },
  }),
  // The student, their teachers and admins only (reviews.test.ts covers the allowed side).
  'GET /api/reviews/for-student/{id}': (w) => ({ url: `/api/reviews/for-student/${w.student.user.id}` }),
  // The lesson room: its student and teacher only (lessons.test.ts covers them, admins get 404 too).
  'GET /api/v1/lessons/{reservationId}': (w) => ({ url: `/api/v1/lessons/${w.reservationId}` }),
  // A lesson's own meeting link: its teacher only (meeting-link.test.ts: the student 403, others 404).
  'PUT /api/v1/lessons/{reservationId}/meeting-link': (w) => ({
    method: 'PUT',
    url: `/api/v1/lessons/${w.reservationId}/meeting-link`,
    payload: { url: 'https://zoom.us/j/1' },
  }),
  // Report a problem: the lesson's student and teacher only (disputes/lesson-outcomes.test.ts); nobody else learns it exists.
  'POST /api/v1/lessons/{reservationId}/problem': (w) => ({
    method: 'POST',
    url: `/api/v1/lessons/${w.reservationId}/problem`,
    payload: { reason: 'quality', details: 'not my lesson' },
  }),
  // The reviewed teacher's one reply: a published (8-day-old) review of w.teacher, made in beforeAll.
  'POST /api/reviews/{id}/reply': () => ({
    method: 'POST',
    url: `/api/reviews/${reviewId}/reply`,
    payload: { text: 'not my review' },
  }),
};

/** Public by design: anyone may read them (teacher pages, photos, public profiles without the e-mail). */
const PUBLIC = new Set([
  'GET /api/v1/auth/users/{id}',
  'GET /api/v1/files/{id}',
  'GET /api/teachers/profiles/{id}',
  'GET /api/teachers/teachers/{id}/available-time-slots',
  'GET /api/reviews/for-teacher/{id}',
]);

/**
 * The id is itself the secret (96 random bits), handed to the browser by the gateway round trip:
 * the return URL only asks the gateway and redirects; the sandbox checkout exists without keys only.
 */
const CAPABILITY = new Set([
  'GET /api/v1/payments/return/{id}',
  'POST /api/v1/payments/return/{id}',
  'GET /api/v1/payments/sandbox/{id}',
  'POST /api/v1/payments/sandbox/{id}',
  // The feed's 256-bit token is the secret (calendar.test.ts: unknown token 404, rotate kills the old one).
  'GET /api/v1/calendar/{file}',
  // The join link's ticket is signed for one party of one lesson (attendance.test.ts: another lesson's,
  // another user's, an edited or a forged ticket is 404 and records nothing).
  'GET /api/v1/lessons/{reservationId}/join-link',
]);

/** The parameter names the other party of the caller's own item (their conversation with that user). */
const COUNTERPART = new Set([
  'GET /api/v1/chats/with/{userId}',
  // The caller's own favourite of a (public) teacher profile: another student's favourites are never
  // read or changed (favourites.test.ts: "never shows another student's favourites").
  'PUT /api/v1/favourites/{teacherProfileId}',
  'DELETE /api/v1/favourites/{teacherProfileId}',
]);

// Admin routes (role 1 only) are enumerated from the same table by modules/admin/admin-access.test.ts.

const { t } = useTestApp({ rateLimitMax: 1_000_000 });
let w: World;
let reviewId = 0;

beforeAll(async () => {
  w = await createWorld(t.app, t.database);
  await t.database.db.update(timeSlots).set({ seriesId: SERIES_ID }).where(eq(timeSlots.id, w.openSlot.id));
  const [standing] = await t.database.db
    .insert(standingBookings)
    .values({
      studentId: w.student.user.id,
      teacherId: w.teacher.profile.id,
      weeks: 4,
      weekday: 0,
      startMinute: 600,
      durationMinutes: 60,
      timeZone: 'Asia/Kuwait',
    })
    .returning({ id: standingBookings.id });
  standingId = standing?.id ?? 0;
  const [review] = await t.database.db
    .insert(reviews)
    .values({
      reservationId: w.reservationId,
      type: 'student_to_teacher',
      rating: 5,
      language: 'en',
      teacherId: w.teacher.profile.id,
      studentId: w.student.user.id,
      createdAt: new Date(Date.now() - 8 * 24 * 3600_000),
    })
    .returning({ id: reviews.id });
  reviewId = review?.id ?? 0;
  // Published by time: 7 days after writing and past the lesson's review deadline (issue 30 item 7).
  await t.database.db.execute(sql`update reservations set start_time = now() - interval '15 days 1 hour',
    end_time = now() - interval '15 days' where id = ${w.reservationId}`);
});

describe('IDOR: every route with an id in its path (RELIABILITY P0 12)', () => {
  it('is classified: owner-scoped, public, capability, counterpart or admin', () => {
    const withParams = routeTable(t.app).filter((route) => route.path.includes('{'));
    expect(withParams.length).toBeGreaterThan(10);
    const known = new Set([...Object.keys(OWNER_SCOPED), ...PUBLIC, ...CAPABILITY, ...COUNTERPART]);
    const unclassified = withParams
      .filter((route) => !isAdminPath(route.path) && !known.has(routeKey(route)))
      .map(routeKey);
    expect(unclassified, 'classify these routes in hardening/idor.test.ts').toEqual([]);
    const registered = new Set(withParams.map(routeKey));
    const stale = [...known].filter((key) => !registered.has(key));
    expect(stale, 'these classified routes no longer exist').toEqual([]);
  });

  it.each(Object.keys(OWNER_SCOPED))(
    "%s: another student's or teacher's token gets 403/404 and no data",
    async (key) => {
      const attempt = OWNER_SCOPED[key];
      if (!attempt) throw new Error(key);
      for (const intruder of [w.stranger, w.otherTeacher]) {
        const res = await send(t.app, { ...attempt(w), headers: intruder.headers });
        expect([403, 404], `${key} as user ${intruder.user.id}: ${res.body}`).toContain(res.statusCode);
        expect(res.body).not.toContain(w.secret);
        expect(res.body).not.toContain(w.student.user.email);
        expect(res.body).not.toContain(w.paymentId);
      }
    },
  );

  it('the owner-scoped attempts changed nothing', async () => {
    const [reservation] = await t.database.db.select().from(reservations).where(eq(reservations.id, w.reservationId));
    expect(reservation?.status).toBe('confirmed');
    expect(reservation?.meetingLink).toBeNull();
    expect(
      await t.database.db.select().from(lessonDisputes).where(eq(lessonDisputes.reservationId, w.reservationId)),
    ).toEqual([]);
    const [slot] = await t.database.db.select().from(timeSlots).where(eq(timeSlots.id, w.openSlot.id));
    expect(slot).toMatchObject({ status: 'open', priceFils: 10_000 });
    const [note] = await t.database.db.select().from(notifications).where(eq(notifications.id, w.notificationId));
    expect(note?.readAt).toBeNull();
    const [conversation] = await t.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, w.conversationId));
    expect(conversation).toMatchObject({ studentReadSeq: 0, teacherReadSeq: 0 });
    const [profile] = await t.database.db
      .select()
      .from(teacherProfiles)
      .where(eq(teacherProfiles.id, w.teacher.profile.id));
    expect(profile).toMatchObject({ hourlyRateFils: w.teacher.profile.hourlyRateFils, bioAr: '', bioEn: '' });
    const [review] = await t.database.db.select().from(reviews).where(eq(reviews.id, reviewId));
    expect(review?.replyText).toBeNull();
  });

  it('the owners themselves reach the same items (the 403/404 above came from ownership)', async () => {
    const get = (url: string, headers: Record<string, string>) => send(t.app, { url, headers });
    expect((await get(`/api/v1/payments/${w.paymentId}`, w.student.headers)).statusCode).toBe(200);
    // The world's top-up is not paid: its payer is told so (409), where anyone else got 404.
    expect((await get(`/api/v1/payments/${w.paymentId}/receipt`, w.student.headers)).statusCode).toBe(409);
    const lessonReceipt = await get(`/api/v1/reservations/${w.reservationId}/receipt`, w.student.headers);
    expect(lessonReceipt.statusCode, lessonReceipt.body).toBe(200);
    expect(lessonReceipt.body).toContain(w.student.user.email);
    const history = await get(`/api/v1/chats/${w.conversationId}/messages`, w.teacher.headers);
    expect(history.statusCode).toBe(200);
    expect(history.body).toContain(w.secret);
    expect((await get(`/api/reviews/for-student/${w.student.user.id}`, w.student.headers)).statusCode).toBe(200);
    // The same reply request as the intruders', by the reviewed teacher: it is published.
    const replyAttempt = OWNER_SCOPED['POST /api/reviews/{id}/reply'];
    if (!replyAttempt) throw new Error('the reply entry is missing');
    const reply = await send(t.app, { ...replyAttempt(w), headers: w.teacher.headers });
    expect(reply.statusCode, reply.body).toBe(200);
    expect((reply.json() as { reply: { text: string } | null }).reply?.text).toBe('not my review');
    const [review] = await t.database.db.select().from(reviews).where(eq(reviews.id, reviewId));
    expect(review?.replyText).toBe('not my review');
  });

  it('public routes show another user nothing private', async () => {
    const profile = await send(t.app, { url: `/api/v1/auth/users/${w.student.user.id}`, headers: w.stranger.headers });
    expect(profile.statusCode).toBe(200);
    expect(profile.body).not.toContain(w.student.user.email);
    const teacher = await send(t.app, { url: `/api/teachers/profiles/${w.teacher.profile.id}` });
    expect(teacher.statusCode).toBe(200);
    expect(teacher.body).not.toContain(w.teacher.user.email);
  });

  it('capability routes give a stranger no personal data', async () => {
    for (const url of [`/api/v1/payments/return/${w.paymentId}`, `/api/v1/payments/sandbox/${w.chargeId}`]) {
      const res = await send(t.app, { url, headers: w.stranger.headers });
      expect([200, 303], url).toContain(res.statusCode);
      expect(res.body).not.toContain(w.student.user.email);
      expect(res.body).not.toContain(w.student.user.firstName);
    }
  });

  it("counterpart: asking for one's conversation with a teacher never opens someone else's", async () => {
    const mine = await send(t.app, { url: `/api/v1/chats/with/${w.teacher.user.id}`, headers: w.stranger.headers });
    expect(mine.statusCode).toBe(200);
    expect((mine.json() as { conversationId: number }).conversationId).not.toBe(w.conversationId);
    expect(mine.body).not.toContain(w.secret);
    // Two students have no conversation to open.
    const peer = await send(t.app, { url: `/api/v1/chats/with/${w.student.user.id}`, headers: w.stranger.headers });
    expect(peer.statusCode).toBe(403);
  });
});

describe('mass assignment (RELIABILITY P0 12): privileged fields in a PATCH body change nothing', () => {
  const PRIVILEGED = {
    role: 1,
    roleId: 1,
    balance: '100000',
    balanceFils: 100_000_000,
    price: '0.001',
    priceFils: 1,
    status: 'suspended',
    emailConfirmed: false,
    emailConfirmedAt: null,
    approvedAt: null,
    provider: 'google',
    googleSub: 'attacker',
    passwordHash: 'x',
    userId: 1,
    id: 1,
    averageRating: 5,
    ratingCount: 1000,
    bookingsCount: 1000,
    teacherId: 1,
    holdPaymentId: 'pay000000000000000000000000',
  };

  it('PATCH /api/v1/auth/me: role, status, confirmation, provider and balance stay', async () => {
    const before = (await t.database.db.select().from(users).where(eq(users.id, w.stranger.user.id)))[0];
    const wallet = await walletOf(t.database.db, w.stranger.user.id);
    const res = await send(t.app, {
      method: 'PATCH',
      url: '/api/v1/auth/me',
      headers: w.stranger.headers,
      payload: { firstName: 'Renamed', ...PRIVILEGED },
    });
    expect([200, 422]).toContain(res.statusCode);
    const after = (await t.database.db.select().from(users).where(eq(users.id, w.stranger.user.id)))[0];
    expect(after).toMatchObject({
      roleId: before?.roleId,
      status: 'active',
      emailConfirmedAt: before?.emailConfirmedAt,
      provider: before?.provider,
      googleSub: before?.googleSub ?? null,
      passwordHash: before?.passwordHash ?? null,
      email: before?.email,
    });
    expect(await walletOf(t.database.db, w.stranger.user.id)).toBe(wallet);
  });

  it('PATCH /api/teachers/profiles/:id: rating, counts, approval, owner and role stay', async () => {
    const before = (
      await t.database.db.select().from(teacherProfiles).where(eq(teacherProfiles.id, w.otherTeacher.profile.id))
    )[0];
    const res = await send(t.app, {
      method: 'PATCH',
      url: `/api/teachers/profiles/${w.otherTeacher.profile.id}`,
      headers: w.otherTeacher.headers,
      payload: { bio: 'Honest bio', ...PRIVILEGED },
    });
    expect([200, 422]).toContain(res.statusCode);
    const after = (
      await t.database.db.select().from(teacherProfiles).where(eq(teacherProfiles.id, w.otherTeacher.profile.id))
    )[0];
    expect(after).toMatchObject({
      userId: before?.userId,
      averageRating: before?.averageRating,
      ratingCount: before?.ratingCount,
      bookingsCount: before?.bookingsCount,
      approvedAt: before?.approvedAt,
      hourlyRateFils: before?.hourlyRateFils,
    });
    const [user] = await t.database.db.select().from(users).where(eq(users.id, w.otherTeacher.user.id));
    expect(user).toMatchObject({ roleId: 2, status: 'active' });
  });

  it('PATCH /api/v1/availability/slots/:id: status, teacher and hold stay (the strict body refuses them)', async () => {
    const slot = await w.f.slot(w.otherTeacher.profile.id, new Date(Date.now() + 400 * 3600_000));
    const res = await send(t.app, {
      method: 'PATCH',
      url: fillPath('/api/v1/availability/slots/{id}', { id: slot.id }),
      headers: w.otherTeacher.headers,
      payload: { price: '20', status: 'booked', teacherId: w.teacher.profile.id, priceFils: 1, holdPaymentId: 'x' },
    });
    expect(res.statusCode).toBe(422);
    const [after] = await t.database.db.select().from(timeSlots).where(eq(timeSlots.id, slot.id));
    expect(after).toMatchObject({ status: 'open', teacherId: w.otherTeacher.profile.id, priceFils: slot.priceFils });
    expect(after?.holdPaymentId).toBeNull();
  });

  it('a booking body cannot name its own price', async () => {
    const slot = await w.f.slot(w.teacher.profile.id, new Date(Date.now() + 500 * 3600_000), { priceFils: 7_000 });
    const wallet = await walletOf(t.database.db, w.student.user.id);
    const refused = await send(t.app, {
      method: 'POST',
      url: '/api/v1/booking/single',
      headers: w.student.headers,
      payload: {
        timeSlotId: slot.id,
        paymentMethod: 'balance',
        price: '0.001',
        priceFils: 1,
        status: 'completed',
        expectedTotal: totalOf(slot),
      },
    });
    expect(refused.statusCode).toBe(422);
    expect(await walletOf(t.database.db, w.student.user.id)).toBe(wallet);
  });
});
