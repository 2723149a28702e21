import {
  adminCancelReservationResponseSchema,
  adminReservationsResponseSchema,
  adminReviewResponseSchema,
  adminReviewsResponseSchema,
  notFoundTermsResponseSchema,
  ROLE,
} from '@ustaz/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { reservations, reviews, teacherProfiles, timeSlots } from '../../db/schema.ts';
import { decideSandboxCharge } from '../../payments/sandbox.ts';
import { auditOf, countRows } from '../../test/admin.ts';
import type { TestTeacher, TestUser } from '../../test/factories.ts';
import { expectLedgerConsistent, fundWallet, liveReservations, walletOf } from '../../test/money.ts';
import { nextAddress, totalOf } from '../../test/requests.ts';
import { useTestApp } from '../../test/test-app.ts';
import { findPayment } from '../payments/payments.repo.ts';
import { insertNotFoundLog } from '../search/search.repo.ts';
import { insertPackages } from '../subscriptions/subscriptions.repo.ts';

const HOUR = 3600_000;
type Headers = Record<string, string>;

const { t: ctx, f } = useTestApp({ rateLimitMax: 1_000_000 });
let db: Db;
let admin: TestUser;

function get(headers: Headers | undefined, url: string) {
  return ctx.app.inject({ method: 'GET', url, remoteAddress: nextAddress(), ...(headers ? { headers } : {}) });
}

function post(headers: Headers | undefined, url: string, payload?: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url,
    remoteAddress: nextAddress(),
    ...(headers ? { headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function notificationsOf(user: TestUser) {
  const res = await get(user.headers, '/api/notifications');
  return res.json().data as { type: string; data: Record<string, unknown> }[];
}

let hourOffset = 0;
/** A fresh open slot of a teacher, `inHours` ahead (default: more than a day ahead). */
function slot(teacher: TestTeacher, values: { priceFils?: number; inHours?: number } = {}) {
  hourOffset += 2;
  return f.slot(teacher.profile.id, new Date(Date.now() + (values.inHours ?? 48 + hourOffset) * HOUR), {
    priceFils: values.priceFils ?? 5_000,
  });
}

async function bookWithBalance(student: TestUser, slot: { id: number; priceFils: number }) {
  const res = await post(student.headers, '/api/v1/booking/single', {
    timeSlotId: slot.id,
    paymentMethod: 'balance',
    expectedTotal: totalOf(slot),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { paidWith: string; reservations: { id: number }[]; paymentId?: string };
}

beforeAll(async () => {
  db = ctx.database.db;
  admin = await f.user({ roleId: ROLE.admin });
});
afterAll(() => expectLedgerConsistent(db));

// ------------------------------------------------------------------------------------------------

describe('GET /api/v1/admin/reservations', () => {
  it('lists by student or teacher user id, status and start time, latest start first', async () => {
    const teacher = await f.teacher({ firstName: 'Huda', lastName: 'Teacher' });
    const student = await f.student({ firstName: 'Omar', lastName: 'Student' });
    await fundWallet(db, student.user.id, 20_000);
    const soon = await slot(teacher, { inHours: 30 });
    const later = await slot(teacher, { inHours: 300 });
    const a = await bookWithBalance(student, soon);
    const b = await bookWithBalance(student, later);
    const past = await f.lessonBetween(student, teacher, 'completed');

    const byStudent = await get(admin.headers, `/api/v1/admin/reservations?userId=${student.user.id}`);
    expect(byStudent.statusCode, byStudent.body).toBe(200);
    const list = adminReservationsResponseSchema.parse(byStudent.json());
    expect(list.total).toBe(3);
    expect(list.data.map((r) => r.id)).toEqual([b.reservations[0]?.id, a.reservations[0]?.id, past.id]);
    expect(list.data[0]).toMatchObject({
      status: 'confirmed',
      price: '5.000',
      paidWith: 'wallet',
      student: { id: student.user.id, name: 'Omar Student', email: student.user.email },
      teacher: { id: teacher.user.id, profileId: teacher.profile.id, name: 'Huda Teacher' },
      cancelledBy: null,
    });

    const byTeacher = await get(admin.headers, `/api/v1/admin/reservations?userId=${teacher.user.id}`);
    expect(byTeacher.json().total).toBe(3);
    const completed = await get(admin.headers, `/api/v1/admin/reservations?userId=${teacher.user.id}&status=completed`);
    expect(completed.json().data.map((r: { id: number }) => r.id)).toEqual([past.id]);
    const from = new Date(Date.now() + 100 * HOUR).toISOString();
    const upcoming = await get(
      admin.headers,
      `/api/v1/admin/reservations?userId=${teacher.user.id}&from=${encodeURIComponent(from)}`,
    );
    expect(upcoming.json().data.map((r: { id: number }) => r.id)).toEqual([b.reservations[0]?.id]);
    const today = new Date().toISOString().slice(0, 10);
    const untilToday = await get(admin.headers, `/api/v1/admin/reservations?userId=${teacher.user.id}&to=${today}`);
    expect(untilToday.json().data.map((r: { id: number }) => r.id)).toEqual([past.id]);
    const paged = await get(admin.headers, `/api/v1/admin/reservations?userId=${teacher.user.id}&limit=2&page=2`);
    expect(paged.json()).toMatchObject({ total: 3, page: 2, limit: 2, totalPages: 2 });
    expect(paged.json().data).toHaveLength(1);
    const bad = await get(admin.headers, '/api/v1/admin/reservations?status=lost');
    expect(bad.statusCode).toBe(422);
  });
});

describe('POST /api/v1/admin/reservations/:id/cancel', () => {
  it('cancels a wallet-paid lesson inside 24 h: full refund, slot open, both told, audited', async () => {
    const teacher = await f.teacher();
    const student = await f.student();
    await fundWallet(db, student.user.id, 8_000);
    const s = await slot(teacher, { inHours: 2, priceFils: 6_500 });
    const booked = await bookWithBalance(student, s);
    const id = booked.reservations[0]?.id ?? 0;
    expect(await walletOf(db, student.user.id)).toBe(1_500);
    // A student could no longer cancel it themselves.
    const own = await post(student.headers, `/api/v1/reservations/${id}/cancel`, {});
    expect(own.statusCode).toBe(409);

    const res = await post(admin.headers, `/api/v1/admin/reservations/${id}/cancel`, {
      reason: 'Teacher is unwell',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = adminCancelReservationResponseSchema.parse(res.json());
    expect(body.refund).toEqual({ to: 'wallet', amount: '6.500', hours: 0 });
    expect(body.reservation).toMatchObject({
      id,
      status: 'cancelled',
      cancelledBy: 'admin',
      cancelReason: 'Teacher is unwell',
    });
    expect(await walletOf(db, student.user.id)).toBe(8_000);
    const [slotRow] = await db.select().from(timeSlots).where(eq(timeSlots.id, s.id));
    expect(slotRow?.status).toBe('open');
    expect(await liveReservations(db, s.id)).toBe(0);
    const [profile] = await db.select().from(teacherProfiles).where(eq(teacherProfiles.id, teacher.profile.id));
    expect(profile?.bookingsCount).toBe(0);

    for (const person of [student, teacher]) {
      expect((await notificationsOf(person))[0]).toMatchObject({
        type: 'booking.cancelled',
        data: { reservationId: id, by: 'admin' },
      });
    }
    const [audit] = await auditOf(ctx.app, admin.headers, `action=reservation.cancel&entityId=${id}`);
    expect(audit).toMatchObject({
      actor: { id: admin.user.id },
      reason: 'Teacher is unwell',
      before: { status: 'confirmed', paidWith: 'wallet' },
      after: { status: 'cancelled', cancelledBy: 'admin', refund: { to: 'wallet', amount: '6.500' } },
    });
    const lines = await get(student.headers, '/api/v1/balance/transactions');
    expect(lines.json().data[0]).toMatchObject({ kind: 'booking_refund', amount: '6.500', reservationId: id });

    // Once is enough: a cancelled reservation is 409 and refunds nothing more.
    const again = await post(admin.headers, `/api/v1/admin/reservations/${id}/cancel`, { reason: 'Teacher is unwell' });
    expect(again.statusCode).toBe(409);
    expect(await walletOf(db, student.user.id)).toBe(8_000);
    await expectLedgerConsistent(db);
  });

  it('gives subscription hours back', async () => {
    const teacher = await f.teacher();
    const student = await f.student();
    const [pkg] = await insertPackages(db, [
      { nameAr: 'ساعتان', nameEn: 'Two hours', hours: 2, priceFils: 18_000, validityDays: 30 },
    ]);
    if (!pkg) throw new Error('package not created');
    await fundWallet(db, student.user.id, 18_000);
    const bought = await post(student.headers, '/api/v1/subscriptions/purchase', {
      packageId: pkg.id,
      paymentMethod: 'balance',
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const s = await slot(teacher, { inHours: 5, priceFils: 9_000 });
    const booked = await bookWithBalance(student, s);
    expect(booked.paidWith).toBe('subscription');
    const hoursLeft = async () =>
      (await get(student.headers, '/api/v1/subscriptions/balance')).json().remainingHours as number;
    expect(await hoursLeft()).toBe(1);

    const res = await post(admin.headers, `/api/v1/admin/reservations/${booked.reservations[0]?.id}/cancel`, {
      reason: 'Platform outage',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refund).toEqual({ to: 'subscription', amount: '0.000', hours: 1 });
    expect(await hoursLeft()).toBe(2);
    expect(await walletOf(db, student.user.id)).toBe(0);
  });

  it('releases a pending gateway hold; a payment made after that goes to the wallet', async () => {
    const teacher = await f.teacher();
    const student = await f.student();
    const s = await slot(teacher, { priceFils: 4_000 });
    const res = await post(student.headers, '/api/v1/booking/single', {
      timeSlotId: s.id,
      paymentMethod: 'payzah',
      language: 'en',
      expectedTotal: totalOf(s),
    });
    expect(res.statusCode, res.body).toBe(200);
    const {
      paymentId,
      reservations: [pending],
    } = res.json() as { paymentId: string; reservations: { id: number }[] };
    const cancel = await post(admin.headers, `/api/v1/admin/reservations/${pending?.id}/cancel`, {
      reason: 'Duplicate booking',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().refund).toEqual({ to: 'none', amount: '0.000', hours: 0 });
    const [slotRow] = await db.select().from(timeSlots).where(eq(timeSlots.id, s.id));
    expect(slotRow).toMatchObject({ status: 'open', holdPaymentId: null });

    // The customer pays anyway: the money is not lost, it goes to the wallet.
    const payment = await findPayment(db, paymentId);
    await decideSandboxCharge(db, payment?.providerRef ?? '', 'pay');
    const settled = await post(admin.headers, `/api/v1/admin/payments/${paymentId}/reconcile`);
    expect(settled.json().payment).toMatchObject({ status: 'paid', creditedToWallet: true });
    expect(await walletOf(db, student.user.id)).toBe(4_000);
    await expectLedgerConsistent(db);
  });

  it('refuses a completed, an ended, an unknown reservation and a missing reason; changes nothing', async () => {
    const teacher = await f.teacher();
    const student = await f.student();
    const completed = await f.lessonBetween(student, teacher, 'completed');
    const ended = await f.lessonBetween(student, teacher, 'confirmed');
    const audits = await countRows(db, 'admin_audit_log');
    const notes = await countRows(db, 'notifications');
    const a = await post(admin.headers, `/api/v1/admin/reservations/${completed.id}/cancel`, { reason: 'No reason' });
    expect(a.statusCode).toBe(409);
    const b = await post(admin.headers, `/api/v1/admin/reservations/${ended.id}/cancel`, { reason: 'No reason' });
    expect(b.statusCode).toBe(409);
    expect(b.json().code).toBe('cancellationClosed');
    const c = await post(admin.headers, '/api/v1/admin/reservations/2000000000/cancel', { reason: 'No reason' });
    expect(c.statusCode).toBe(404);
    for (const payload of [{}, { reason: 'no' }, { reason: 'Fine reason', refund: 'double' }]) {
      const d = await post(admin.headers, `/api/v1/admin/reservations/${ended.id}/cancel`, payload);
      expect(d.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const e = await post(admin.headers, '/api/v1/admin/reservations/abc/cancel', { reason: 'Fine reason' });
    expect(e.statusCode).toBe(422);
    const [row] = await db.select().from(reservations).where(eq(reservations.id, ended.id));
    expect(row?.status).toBe('confirmed');
    expect(await countRows(db, 'admin_audit_log')).toBe(audits);
    expect(await countRows(db, 'notifications')).toBe(notes);
  });
});

// ------------------------------------------------------------------------------------------------

describe('reviews: list, hide, unhide', () => {
  let teacher: TestTeacher;
  let kind: TestUser;
  let harsh: TestUser;
  let goodId: number;
  let abusiveId: number;

  async function rating() {
    const [row] = await db.select().from(teacherProfiles).where(eq(teacherProfiles.id, teacher.profile.id));
    return { averageRating: Number(row?.averageRating), ratingCount: row?.ratingCount };
  }

  async function publicIds(url: string) {
    const res = await get(undefined, url);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { id: number }[]).map((r) => r.id);
  }

  beforeAll(async () => {
    teacher = await f.teacher({ firstName: 'Nadia', lastName: 'Reviewed' });
    kind = await f.student({ firstName: 'Kind', lastName: 'Student' });
    harsh = await f.student({ firstName: 'Harsh', lastName: 'Student' });
    for (const [student, stars, comment] of [
      [kind, 5, 'Wonderful teacher'],
      [harsh, 1, 'Offensive words here'],
    ] as const) {
      const r = await f.reservation({ studentId: student.user.id, teacherId: teacher.profile.id, status: 'completed' });
      const res = await post(student.headers, '/api/reviews', {
        reservationId: r.id,
        type: 'student_to_teacher',
        rating: stars,
        comment,
      });
      expect(res.statusCode, res.body).toBe(201);
      if (stars === 5) goodId = res.json().id;
      else abusiveId = res.json().id;
    }
    // Written 8 days ago after lessons 15 days ago: published by time (double-blind, ADR 015), the sweep counts them.
    await ctx.database.db
      .update(reviews)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(inArray(reviews.id, [goodId, abusiveId]));
    await ctx.database.db.execute(sql`update reservations set start_time = now() - interval '15 days 1 hour',
      end_time = now() - interval '15 days' where id in (select reservation_id from reviews where id in (${goodId}, ${abusiveId}))`);
    await ctx.app.money.teachers.refreshMaturedRatings(new Date());
  });

  it('hides a review: gone from public lists and from the average, flagged in the admin list, audited', async () => {
    expect(await rating()).toEqual({ averageRating: 3, ratingCount: 2 });
    expect(await publicIds(`/api/reviews/for-teacher/${teacher.profile.id}`)).toContain(abusiveId);

    const res = await post(admin.headers, `/api/v1/admin/reviews/${abusiveId}/hide`, { reason: 'Abusive language' });
    expect(res.statusCode, res.body).toBe(200);
    const body = adminReviewResponseSchema.parse(res.json());
    expect(body.teacher).toEqual({ averageRating: 5, ratingCount: 1 });
    expect(body.review).toMatchObject({
      id: abusiveId,
      hidden: true,
      hiddenReason: 'Abusive language',
      rating: 1,
      teacher: { profileId: teacher.profile.id, userId: teacher.user.id, name: 'Nadia Reviewed' },
      student: { id: harsh.user.id, name: 'Harsh Student' },
    });
    expect(body.review.hiddenAt).not.toBeNull();
    expect(await rating()).toEqual({ averageRating: 5, ratingCount: 1 });
    expect(await publicIds(`/api/reviews/for-teacher/${teacher.profile.id}`)).toEqual([goodId]);
    expect(await publicIds('/api/reviews?limit=50')).not.toContain(abusiveId);
    const profile = await get(undefined, `/api/teachers/profiles/${teacher.profile.id}`);
    expect(profile.json()).toMatchObject({ averageRating: 5, ratingCount: 1 });

    const all = adminReviewsResponseSchema.parse(
      (await get(admin.headers, `/api/v1/admin/reviews?teacherId=${teacher.profile.id}`)).json(),
    );
    expect(all.data.map((r) => [r.id, r.hidden])).toEqual([
      [abusiveId, true],
      [goodId, false],
    ]);
    const hidden = await get(admin.headers, '/api/v1/admin/reviews?hidden=true');
    expect(hidden.json().data.map((r: { id: number }) => r.id)).toContain(abusiveId);
    const visible = await get(admin.headers, `/api/v1/admin/reviews?hidden=false&teacherId=${teacher.profile.id}`);
    expect(visible.json().data.map((r: { id: number }) => r.id)).toEqual([goodId]);
    const low = await get(admin.headers, `/api/v1/admin/reviews?maxRating=2&teacherId=${teacher.profile.id}`);
    expect(low.json().data.map((r: { id: number }) => r.id)).toEqual([abusiveId]);
    const searched = await get(admin.headers, '/api/v1/admin/reviews?search=offensive');
    expect(searched.json().data.map((r: { id: number }) => r.id)).toEqual([abusiveId]);
    const byName = await get(admin.headers, `/api/v1/admin/reviews?search=${encodeURIComponent('harsh stud')}`);
    expect(byName.json().data.map((r: { id: number }) => r.id)).toEqual([abusiveId]);

    const [audit] = await auditOf(ctx.app, admin.headers, `action=review.hide&entityId=${abusiveId}`);
    expect(audit).toMatchObject({
      actor: { id: admin.user.id },
      reason: 'Abusive language',
      before: { hidden: false, teacherRating: { averageRating: 3, ratingCount: 2 } },
      after: { hidden: true, teacherRating: { averageRating: 5, ratingCount: 1 } },
    });

    const again = await post(admin.headers, `/api/v1/admin/reviews/${abusiveId}/hide`, { reason: 'Abusive language' });
    expect(again.statusCode).toBe(409);
  });

  it('unhides it: back in the lists and the average; a second unhide is 409', async () => {
    const res = await post(admin.headers, `/api/v1/admin/reviews/${abusiveId}/unhide`);
    expect(res.statusCode, res.body).toBe(200);
    const body = adminReviewResponseSchema.parse(res.json());
    expect(body.review).toMatchObject({ hidden: false, hiddenAt: null, hiddenReason: null });
    expect(body.teacher).toEqual({ averageRating: 3, ratingCount: 2 });
    expect(await rating()).toEqual({ averageRating: 3, ratingCount: 2 });
    expect(await publicIds(`/api/reviews/for-teacher/${teacher.profile.id}`)).toEqual(
      expect.arrayContaining([goodId, abusiveId]),
    );
    const [audit] = await auditOf(ctx.app, admin.headers, `action=review.unhide&entityId=${abusiveId}`);
    expect(audit).toMatchObject({ before: { hidden: true }, after: { hidden: false } });

    const again = await post(admin.headers, `/api/v1/admin/reviews/${abusiveId}/unhide`, { reason: 'Second look' });
    expect(again.statusCode).toBe(409);
  });

  it('refuses an unknown review (404) and a missing or short reason (422)', async () => {
    expect((await post(admin.headers, '/api/v1/admin/reviews/2000000000/hide', { reason: 'Abusive' })).statusCode).toBe(
      404,
    );
    expect((await post(admin.headers, '/api/v1/admin/reviews/2000000000/unhide')).statusCode).toBe(404);
    expect((await post(admin.headers, `/api/v1/admin/reviews/${goodId}/hide`, {})).statusCode).toBe(422);
    expect((await post(admin.headers, `/api/v1/admin/reviews/${goodId}/hide`, { reason: 'x' })).statusCode).toBe(422);
    expect((await post(admin.headers, `/api/v1/admin/reviews/${goodId}/unhide`, { reason: 'x' })).statusCode).toBe(422);
    expect(await rating()).toEqual({ averageRating: 3, ratingCount: 2 });
  });
});

// ------------------------------------------------------------------------------------------------

describe('GET /api/v1/admin/search-not-found', () => {
  it('groups missed searches by type and normalised text, most requested first', async () => {
    const [s1, s2] = [await f.student(), await f.student()];
    const log = (user: TestUser | undefined, keywords: string, searchType: 'subject' | 'teacher' = 'subject') =>
      post(user?.headers, '/api/v1/search/log-not-found', { keywords, searchType });
    for (const [user, keywords] of [
      [s1, 'أحياء'],
      [s2, 'احياء'],
      [undefined, 'إحياء'],
      [s1, 'Astronomy'],
      [s1, 'astronomy '],
    ] as const) {
      expect((await log(user, keywords)).statusCode).toBe(201);
    }
    expect((await log(s2, 'Astronomy', 'teacher')).statusCode).toBe(201);
    // An old search, outside a 30-day window.
    await insertNotFoundLog(db, {
      keywords: 'Old topic',
      normalized: 'old topic',
      searchType: 'subject',
      userId: s1.user.id,
      createdAt: new Date(Date.now() - 40 * 24 * HOUR),
    });

    const res = await get(admin.headers, '/api/v1/admin/search-not-found?searchType=subject');
    expect(res.statusCode, res.body).toBe(200);
    const body = notFoundTermsResponseSchema.parse(res.json());
    expect(body.total).toBe(2);
    expect(body.data[0]).toMatchObject({ searchType: 'subject', count: 3, users: 2, keywords: 'إحياء' });
    expect(body.data[1]).toMatchObject({ searchType: 'subject', count: 2, users: 1, keywords: 'astronomy' });
    expect(body.data[1]?.normalized).toBe(body.data[1]?.normalized.trim());

    const both = await get(admin.headers, '/api/v1/admin/search-not-found');
    expect(both.json().total).toBe(3);
    const teacherSearches = await get(admin.headers, '/api/v1/admin/search-not-found?searchType=teacher');
    expect(teacherSearches.json().data).toEqual([
      expect.objectContaining({ searchType: 'teacher', count: 1, users: 1, keywords: 'Astronomy' }),
    ]);
    const longer = await get(admin.headers, '/api/v1/admin/search-not-found?days=60&searchType=subject');
    expect(longer.json().total).toBe(3);
    const paged = await get(admin.headers, '/api/v1/admin/search-not-found?limit=1&page=2');
    expect(paged.json()).toMatchObject({ total: 3, page: 2, limit: 1, totalPages: 3 });
    expect((await get(admin.headers, '/api/v1/admin/search-not-found?days=0')).statusCode).toBe(422);
  });
});
