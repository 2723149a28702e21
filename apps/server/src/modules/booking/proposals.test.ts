import { beforeAll, describe, expect, it } from 'vitest';
import { rawQueryOf } from '../../db/client.ts';
import type { TestTeacher } from '../../test/factories.ts';
import { expectLedgerConsistent, fundWallet, walletOf } from '../../test/money.ts';
import { bookRequest, bookWithBalance, cancelRequest, totalOf } from '../../test/requests.ts';
import { useTestApp } from '../../test/test-app.ts';

/** Issue 32: a teacher proposes a new time; the student accepts or declines (ADR 033). PGlite and PostgreSQL. */
const HOUR = 3600_000;
const { t: ctx, f } = useTestApp({ rateLimitMax: 1_000_000 });
let teacher: TestTeacher;

beforeAll(async () => {
  teacher = await f.teacher();
});

let hoursAhead = 30;
const slotOf = (priceFils: number, at?: number) => {
  hoursAhead += 3;
  return f.slot(teacher.profile.id, new Date(Date.now() + (at ?? hoursAhead) * HOUR), { priceFils });
};
type Headers = Awaited<ReturnType<typeof f.student>>['headers'];
const post = (headers: Headers, url: string, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const propose = (headers: Headers, reservationId: number, slotId: number) =>
  post(headers, `/api/v1/reservations/${reservationId}/proposals`, { timeSlotId: slotId, note: 'Exam day moved' });
const query = () => rawQueryOf(ctx.database.db);
const typesOf = async (userId: number) =>
  (
    (await query()('select type from notifications where user_id = $1 order by id', [userId])).rows as {
      type: string;
    }[]
  ).map((row) => row.type);

async function booked(priceFils: number, at?: number) {
  const student = await f.student();
  await fundWallet(ctx.database.db, student.user.id, priceFils);
  const slot = await slotOf(priceFils, at);
  const answer = await bookWithBalance(ctx.app, student.headers, slot);
  return { student, slot, reservationId: answer.json().reservations[0].id as number };
}

describe("a teacher's proposal of a new time (issue 32)", () => {
  it('create (201, on the reservation), duplicate 409, not the teacher 404; accept moves it, both told', async () => {
    const { student, slot, reservationId } = await booked(10_000);
    const target = await slotOf(10_000);
    expect((await propose(student.headers, reservationId, target.id)).statusCode).toBe(404);
    const created = await propose(teacher.headers, reservationId, target.id);
    expect(created.statusCode, created.body).toBe(201);
    const proposal = created.json().proposal;
    expect(proposal).toMatchObject({ status: 'open', timeSlotId: target.id, note: 'Exam day moved', price: '10.000' });
    expect(proposal.expiresAt).toBe(slot.startTime.toISOString());
    const list = await ctx.app.inject({ url: '/api/v1/reservations?scope=upcoming', headers: student.headers });
    expect(list.json().data.find((r: { id: number }) => r.id === reservationId).proposal.id).toBe(proposal.id);
    const again = await propose(teacher.headers, reservationId, (await slotOf(10_000)).id);
    expect([again.statusCode, again.json().code]).toEqual([409, 'proposalExists']);
    expect(await typesOf(student.user.id)).toContain('reservation.proposal');

    const stranger = await f.student();
    const url = `/api/v1/reservation-proposals/${proposal.id}/accept`;
    expect((await post(stranger.headers, url, { expectedTotal: '10.000' })).statusCode).toBe(404);
    expect((await post(student.headers, url, { expectedTotal: '9.000' })).json().code).toBe('priceChanged');
    const accepted = await post(student.headers, url, { expectedTotal: totalOf(target) });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      proposal: { status: 'accepted' },
      reservation: { id: reservationId, revision: 1, startTime: target.startTime.toISOString(), proposal: null },
    });
    const closed = await post(student.headers, url, { expectedTotal: '10.000' });
    expect([closed.statusCode, closed.json().code]).toEqual([409, 'proposalClosed']);
    expect(await typesOf(teacher.user.id)).toEqual(
      expect.arrayContaining(['booking.rescheduled', 'reservation.proposalAccepted']),
    );
    expect(await typesOf(student.user.id)).toContain('booking.rescheduled');
    await expectLedgerConsistent(ctx.database.db);
  });

  it('decline inside 24 h: the lesson stays and the student cancels it with a full refund', async () => {
    const { student, slot, reservationId } = await booked(10_000, 5);
    const target = await slotOf(10_000);
    // Inside the 12 h window a proposal is still allowed.
    const created = await propose(teacher.headers, reservationId, target.id);
    expect(created.statusCode, created.body).toBe(201);
    const tooLate = await cancelRequest(ctx.app, student.headers, reservationId);
    expect(tooLate.json().code).toBe('cancellationClosed');
    const declined = await post(student.headers, `/api/v1/reservation-proposals/${created.json().proposal.id}/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({
      proposal: { status: 'declined' },
      reservation: { freeCancel: true, canCancel: true, startTime: slot.startTime.toISOString() },
    });
    expect(await typesOf(teacher.user.id)).toContain('reservation.proposalDeclined');
    const cancelled = await cancelRequest(ctx.app, student.headers, reservationId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().refund).toMatchObject({ to: 'wallet', amount: '10.000' });
    expect(await walletOf(ctx.database.db, student.user.id)).toBe(10_000);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('lapses at the lesson start: the sweep marks it, accept is 409 proposalClosed', async () => {
    const { student, slot, reservationId } = await booked(10_000);
    const created = await propose(teacher.headers, reservationId, (await slotOf(10_000)).id);
    const id = created.json().proposal.id as number;
    const after = new Date(slot.startTime.getTime() + 60_000);
    const answer = ctx.app.money.booking.accept(student.user.id, id, { expectedTotal: '10.000' }, after);
    await expect(answer).rejects.toMatchObject({ code: 'proposalClosed' });
    const row = (await query()('select status from reservation_proposals where id = $1', [id])).rows[0];
    expect(row).toMatchObject({ status: 'lapsed' });
  });

  it('the proposed slot booked by someone else meanwhile: accept 409 slotUnavailable, nothing moves', async () => {
    const { student, slot, reservationId } = await booked(10_000);
    const target = await slotOf(10_000);
    const id = (await propose(teacher.headers, reservationId, target.id)).json().proposal.id as number;
    const rival = await f.student();
    await fundWallet(ctx.database.db, rival.user.id, 10_000);
    const taken = await bookRequest(ctx.app, rival.headers, {
      timeSlotId: target.id,
      paymentMethod: 'balance',
      expectedTotal: '10.000',
    });
    expect(taken.statusCode).toBe(200);
    const accept = await post(student.headers, `/api/v1/reservation-proposals/${id}/accept`, {
      expectedTotal: '10.000',
    });
    expect([accept.statusCode, accept.json().code]).toEqual([409, 'slotUnavailable']);
    const row = (await query()('select time_slot_id, revision from reservations where id = $1', [reservationId]))
      .rows[0] as Record<string, unknown>;
    expect([Number(row.time_slot_id), Number(row.revision)]).toEqual([slot.id, 0]);
  });

  it('the API documentation shows the move and proposal routes with their bodies', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    const doc = res.json() as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    for (const path of [
      '/api/v1/reservations/{id}/reschedule',
      '/api/v1/reservations/{id}/proposals',
      '/api/v1/reservation-proposals/{id}/accept',
    ]) {
      expect(doc.paths[path]?.post?.requestBody, path).toBeDefined();
    }
    expect(doc.paths['/api/v1/reservation-proposals/{id}/decline']?.post).toBeDefined();
  });
});
