import { adminOverviewSchema, ROLE } from '@ustaz/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, rawQueryOf } from '../../db/client.ts';
import { createFactories, type TestTeacher, type TestUser } from '../../test/factories.ts';
import { createTestApp } from '../../test/helpers.ts';
import { expectLedgerConsistent } from '../../test/money.ts';
import { postTransfer, systemAccountId, userAccountId } from '../ledger/ledger.service.ts';
import type { AdminContext } from './admin-context.ts';
import { createAdminOverviewService } from './admin-overview.service.ts';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;

/**
 * Issue 34: the operator's overview for a range against the previous one, on a fixture with known
 * answers (its own database, times fixed around NOW). Days are Kuwait's (UTC+3): 20:59 UTC is still
 * that day, 21:00 UTC the next.
 */
const NOW = new Date('2026-06-15T12:00:00Z');
const RANGE = { from: '2026-06-08', to: '2026-06-14' };

describe('GET /api/v1/admin/overview with a range (issue 34)', () => {
  let ctx: Ctx;
  let db: Db;
  let admin: TestUser;
  let teacher: TestTeacher;
  let overview: ReturnType<typeof createAdminOverviewService>;
  let f: ReturnType<typeof createFactories>;
  let disputedId = 0;

  const sqlOf = (text: string, values: unknown[]) => rawQueryOf(db)(text, values);

  /** A reservation of `teacher` with its times, status, reason and creation set as given. */
  async function lesson(
    student: TestUser,
    status: 'pending' | 'confirmed' | 'completed' | 'cancelled',
    { start, created, reason }: { start: string; created: string; reason?: string },
  ) {
    const row = await f.reservation({ studentId: student.user.id, teacherId: teacher.profile.id, status });
    const startAt = new Date(start);
    await sqlOf(
      `update reservations set start_time = $2, end_time = $3, created_at = $4, cancel_reason = $5,
         cancelled_by = case when status = 'cancelled' then 'student' end
       where id = $1`,
      [row.id, startAt, new Date(startAt.getTime() + 3600_000), new Date(created), reason ?? null],
    );
    return row.id;
  }

  async function payment(id: string, userId: number, amountFils: number, status: string, paidAt: string | null) {
    await sqlOf(
      `insert into payments (id, user_id, provider, gateway, purpose, amount_fils, status, paid_at, expires_at)
       values ($1, $2, 'payzah', 'sandbox', 'top_up', $3, $4, $5, $6)`,
      [id, userId, amountFils, status, paidAt ? new Date(paidAt) : null, NOW],
    );
  }

  beforeAll(async () => {
    ctx = await createTestApp();
    db = ctx.database.db;
    f = createFactories(ctx.database);
    admin = await f.user({ roleId: ROLE.admin });
    const maths = await f.subject({ nameAr: 'رياضيات', nameEn: 'Maths' });
    const physics = await f.subject({ nameAr: 'فيزياء', nameEn: 'Physics' });
    teacher = await f.teacher({ subjects: [maths, physics] });
    const a = await f.student();
    const b = await f.student();
    // Who joined when: A in the range, the teacher in the previous one, B before both, the admin after.
    for (const [id, at] of [
      [a.user.id, '2026-06-09T08:00:00Z'],
      [teacher.user.id, '2026-06-02T08:00:00Z'],
      [b.user.id, '2026-05-20T08:00:00Z'],
      [admin.user.id, '2026-06-15T08:00:00Z'],
    ] as const) {
      await sqlOf('update users set created_at = $2 where id = $1', [id, new Date(at)]);
    }

    // Booked on 06-09 (20:59 UTC is 23:59 in Kuwait), held on 06-10.
    await lesson(a, 'completed', { start: '2026-06-10T10:00:00Z', created: '2026-06-09T20:59:00Z' });
    // Booked on 06-10 (21:00 UTC is midnight in Kuwait), held on 06-11 (00:30 in Kuwait).
    disputedId = await lesson(b, 'completed', { start: '2026-06-10T21:30:00Z', created: '2026-06-09T21:00:00Z' });
    await lesson(a, 'cancelled', {
      start: '2026-06-12T10:00:00Z',
      created: '2026-06-11T10:00:00Z',
      reason: 'teacherNoShow',
    });
    await lesson(b, 'cancelled', { start: '2026-06-13T10:00:00Z', created: '2026-06-12T10:00:00Z' });
    // Not bookings: still waiting for a payment, and a hold released unpaid.
    await lesson(a, 'pending', { start: '2026-06-16T10:00:00Z', created: '2026-06-12T11:00:00Z' });
    await lesson(a, 'cancelled', {
      start: '2026-06-16T12:00:00Z',
      created: '2026-06-12T12:00:00Z',
      reason: 'holdExpired',
    });
    // Booked in the range for later: a booking, not yet due.
    await lesson(b, 'confirmed', { start: '2026-06-20T10:00:00Z', created: '2026-06-13T10:00:00Z' });
    // The previous range: one booking, held.
    const earlier = await lesson(a, 'completed', { start: '2026-06-03T10:00:00Z', created: '2026-06-02T10:00:00Z' });

    await payment(`pay${'1'.repeat(24)}`, a.user.id, 10_000, 'paid', '2026-06-14T20:00:00Z');
    await payment(`pay${'2'.repeat(24)}`, a.user.id, 3_000, 'paid', '2026-06-14T21:30:00Z'); // 06-15 in Kuwait
    await payment(`pay${'3'.repeat(24)}`, a.user.id, 4_000, 'pending', null);
    await payment(`pay${'4'.repeat(24)}`, b.user.id, 2_000, 'paid', '2026-06-05T09:00:00Z');

    // A teacher's earning released on 06-13 (8.000 of the 10.000 in escrow).
    const earning = await db.transaction(async (tx) =>
      postTransfer(tx, {
        key: 'test:overview:earning',
        kind: 'lesson_earning',
        reservationId: earlier,
        legs: [
          { accountId: await systemAccountId(tx, 'escrow'), amountFils: -10_000 },
          { accountId: await userAccountId(tx, 'earnings', teacher.user.id), amountFils: 8_000 },
          { accountId: await systemAccountId(tx, 'revenue'), amountFils: 2_000 },
        ],
      }),
    );
    // Ledger rows are immutable (a trigger): the fixture back-dates its own with triggers off for one transaction.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`update ledger_transfers set created_at = ${new Date('2026-06-13T10:00:00Z')} where id = ${earning.transferId}`,
      );
    });

    for (const [keywords, at] of [
      ['فيزياء نووية', '2026-06-10T10:00:00Z'],
      ['فيزياء نووية', '2026-06-10T11:00:00Z'],
      ['فيزياء  نووية', '2026-06-11T10:00:00Z'],
      ['astronomy', '2026-06-11T10:00:00Z'],
      ['old term', '2026-05-01T10:00:00Z'],
    ] as const) {
      await sqlOf(
        `insert into search_not_found_logs (keywords, normalized, search_type, created_at) values ($1, $2, 'subject', $3)`,
        [keywords, keywords.replace(/\s+/g, ' '), new Date(at)],
      );
    }
    // Payouts as the payout flow leaves them (RELIABILITY I10): one requested, one paid.
    for (const [amountFils, status] of [
      [5_000, 'requested'],
      [1_500, 'paid'],
    ] as const) {
      const { rows } = await rawQueryOf(db)<{ id: number }>(
        `insert into payouts (user_id, amount_fils, status, iban, holder_name, created_at)
         values ($1, $2, $3, 'KW81CBKU0000000000001234560101', 'T', $4) returning id`,
        [teacher.user.id, amountFils, status, new Date('2026-06-14T09:00:00Z')],
      );
      const id = rows[0]?.id;
      await db.transaction(async (tx) => {
        const clearing = await systemAccountId(tx, 'payouts_clearing');
        await postTransfer(tx, {
          key: `payout:${id}`,
          kind: 'payout_request',
          legs: [
            { accountId: await userAccountId(tx, 'earnings', teacher.user.id), amountFils: -amountFils },
            { accountId: clearing, amountFils },
          ],
        });
        if (status === 'paid') {
          await postTransfer(tx, {
            key: `payout_paid:${id}`,
            kind: 'payout_paid',
            legs: [
              { accountId: clearing, amountFils: -amountFils },
              { accountId: await systemAccountId(tx, 'paid_out'), amountFils },
            ],
          });
        }
      });
    }
    // Two disputes: one resolved, and the open one the overview names as the oldest waiting.
    await sqlOf(
      `insert into lesson_disputes (reservation_id, reporter_id, reported_by, reason, status, created_at)
       values ($1, $2, 'student', 'quality', 'open', $3), ($4, $5, 'student', 'technical', 'released', $6)`,
      [disputedId, b.user.id, new Date('2026-06-11T06:00:00Z'), earlier, a.user.id, new Date('2026-06-04T06:00:00Z')],
    );
    overview = createAdminOverviewService({ db } as AdminContext);
  });
  afterAll(async () => {
    await expectLedgerConsistent(db);
    await ctx.close();
  });

  it('counts the range by Kuwaiti day against the previous range, from SQL aggregates', async () => {
    const body = adminOverviewSchema.parse(await overview.overview(RANGE, NOW));
    expect(body.period).toEqual({
      from: '2026-06-08',
      to: '2026-06-14',
      days: 7,
      previousFrom: '2026-06-01',
      previousTo: '2026-06-07',
      timeZone: 'Asia/Kuwait',
    });
    expect(body.daily).toEqual([
      { day: '2026-06-08', bookings: 0, lessonsHeld: 0, paidIn: '0.000', teacherEarnings: '0.000' },
      { day: '2026-06-09', bookings: 1, lessonsHeld: 0, paidIn: '0.000', teacherEarnings: '0.000' },
      { day: '2026-06-10', bookings: 1, lessonsHeld: 1, paidIn: '0.000', teacherEarnings: '0.000' },
      { day: '2026-06-11', bookings: 1, lessonsHeld: 1, paidIn: '0.000', teacherEarnings: '0.000' },
      { day: '2026-06-12', bookings: 1, lessonsHeld: 0, paidIn: '0.000', teacherEarnings: '0.000' },
      { day: '2026-06-13', bookings: 1, lessonsHeld: 0, paidIn: '0.000', teacherEarnings: '8.000' },
      { day: '2026-06-14', bookings: 0, lessonsHeld: 0, paidIn: '10.000', teacherEarnings: '0.000' },
    ]);
    expect(body.current).toEqual({
      bookings: 5,
      lessonsHeld: 2,
      paidIn: '10.000',
      teacherEarnings: '8.000',
      newStudents: 1,
      newTeachers: 0,
      lessonsDue: 4,
      completionRate: 0.5,
      noShowRate: 0.25,
      cancellationRate: 0.25,
    });
    expect(body.previous).toEqual({
      bookings: 1,
      lessonsHeld: 1,
      paidIn: '2.000',
      teacherEarnings: '0.000',
      newStudents: 0,
      newTeachers: 1,
      lessonsDue: 1,
      completionRate: 1,
      noShowRate: 0,
      cancellationRate: 0,
    });
    expect(body.topSubjects.map((s) => [s.nameEn, s.bookings])).toEqual([
      ['Maths', 5],
      ['Physics', 5],
    ]);
    expect(body.notFoundTerms).toEqual([
      { term: 'فيزياء نووية', searchType: 'subject', count: 3 },
      { term: 'astronomy', searchType: 'subject', count: 1 },
    ]);
    expect(body.payoutsWaiting).toEqual({ count: 1, amount: '5.000', oldestAt: '2026-06-14T09:00:00.000Z' });
    expect(body.oldestOpenDispute).toEqual({
      id: expect.any(Number),
      reservationId: disputedId,
      openedAt: '2026-06-11T06:00:00.000Z',
    });
  });

  it('an empty range: zeros on every day, no rates, no lists', async () => {
    const body = await overview.overview({ from: '2030-01-01', to: '2030-01-03' }, NOW);
    expect(body.daily.map((d) => d.day)).toEqual(['2030-01-01', '2030-01-02', '2030-01-03']);
    expect(body.daily.every((d) => d.bookings === 0 && d.lessonsHeld === 0 && d.paidIn === '0.000')).toBe(true);
    expect(body.current).toMatchObject({ bookings: 0, paidIn: '0.000', lessonsDue: 0, completionRate: null });
    expect(body.current.noShowRate).toBeNull();
    expect(body.topSubjects).toEqual([]);
    expect(body.notFoundTerms).toEqual([]);
  });

  it('defaults to the last 30 days to today; refuses a range that ends before it starts or is too long', async () => {
    const get = (query: string) => ctx.app.inject({ url: `/api/v1/admin/overview${query}`, headers: admin.headers });
    const plain = await get('');
    expect(plain.statusCode).toBe(200);
    const period = plain.json().period;
    expect(period.days).toBe(30);
    const kuwaitToday = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
    expect(period.to).toBe(kuwaitToday);
    expect(plain.json().daily).toHaveLength(30);

    const backwards = await get('?from=2026-06-10&to=2026-06-01');
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({ to: 'invalid' });
    const long = await get('?from=2024-01-01&to=2026-01-01');
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ from: 'tooBig' });
    expect((await get('?from=yesterday')).statusCode).toBe(422);
    const student = await ctx.app.inject({ url: '/api/v1/admin/overview', headers: teacher.headers });
    expect(student.statusCode).toBe(403);
  });
});
