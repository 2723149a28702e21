import { randomUUID } from 'node:crypto';
import {
  adminLedgerResponseSchema,
  adminPaymentsResponseSchema,
  manualRefundResponseSchema,
  ROLE,
  reconciliationResponseSchema,
} from '@ustaz/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';
import { decideSandboxCharge } from '../../payments/sandbox.ts';
import { auditOf, countRows } from '../../test/admin.ts';
import type { TestUser } from '../../test/factories.ts';
import { expectLedgerConsistent, fundWallet, walletOf } from '../../test/money.ts';
import { createPayzahTestApp, nextAddress, useFakeGatewayApp } from '../../test/requests.ts';
import { useTestApp } from '../../test/test-app.ts';
import { findPayment } from '../payments/payments.repo.ts';

type Headers = Record<string, string>;

function get(app: FastifyInstance, headers: Headers, url: string) {
  return app.inject({ method: 'GET', url, headers, remoteAddress: nextAddress() });
}

function post(app: FastifyInstance, headers: Headers, url: string, payload?: unknown) {
  return app.inject({
    method: 'POST',
    url,
    headers,
    remoteAddress: nextAddress(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function startTopUp(app: FastifyInstance, student: TestUser, provider: 'payzah' | 'deema', amount: string) {
  const res = await post(app, student.headers, `/api/v1/balance/top-up/${provider}`, { amount, language: 'en' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { paymentLink: string; paymentId: string };
}

// ------------------------------------------------------------------------------------------------

describe('admin money with the sandbox gateway', () => {
  const { t: ctx, f } = useTestApp({ rateLimitMax: 1_000_000 });
  let db: Db;
  let admin: TestUser;

  beforeAll(async () => {
    db = ctx.database.db;
    admin = await f.user({ roleId: ROLE.admin, firstName: 'Amal', lastName: 'Admin' });
  });
  afterAll(() => expectLedgerConsistent(db));

  describe('POST /api/v1/admin/refunds', () => {
    it('moves money from revenue to the wallet: balance, wallet history, ledger, audit and notification', async () => {
      const student = await f.student({ firstName: 'Sara', lastName: 'Khalid' });
      await fundWallet(db, student.user.id, 1_000);
      const res = await post(ctx.app, admin.headers, '/api/v1/admin/refunds', {
        userId: student.user.id,
        amount: '2.5',
        reason: 'Lesson quality complaint',
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = manualRefundResponseSchema.parse(res.json());
      expect(body.balance).toBe('3.500');
      expect(body.transfer).toMatchObject({
        kind: 'manual_refund',
        memo: 'Lesson quality complaint',
        actor: { id: admin.user.id, name: 'Amal Admin' },
        paymentId: null,
        reservationId: null,
      });
      expect(body.transfer.entries).toEqual(
        expect.arrayContaining([
          { account: 'revenue', userId: null, userName: null, amount: '-2.500' },
          { account: 'wallet', userId: student.user.id, userName: 'Sara Khalid', amount: '2.500' },
        ]),
      );
      expect(body.transfer.entries).toHaveLength(2);
      expect(await walletOf(db, student.user.id)).toBe(3_500);

      const balance = await get(ctx.app, student.headers, '/api/v1/subscriptions/balance');
      expect(balance.json().balance).toBe('3.500');
      const lines = await get(ctx.app, student.headers, '/api/v1/balance/transactions');
      expect(lines.json().data[0]).toMatchObject({ kind: 'manual_refund', account: 'wallet', amount: '2.500' });

      const told = await get(ctx.app, student.headers, '/api/notifications');
      expect(told.json().data[0]).toMatchObject({
        type: 'wallet.refund',
        data: { amount: '2.500', transferId: body.transfer.id },
      });

      const ledger = await get(ctx.app, admin.headers, `/api/v1/admin/ledger?userId=${student.user.id}`);
      expect(ledger.statusCode).toBe(200);
      const journal = adminLedgerResponseSchema.parse(ledger.json());
      expect(journal.total).toBe(2);
      expect(journal.data[0]).toEqual(body.transfer);
      expect(journal.data[1]?.kind).toBe('top_up');

      const [audit] = await auditOf(ctx.app, admin.headers, `action=refund.manual&entityId=${body.transfer.id}`);
      expect(audit).toMatchObject({
        action: 'refund.manual',
        entityId: String(body.transfer.id),
        reason: 'Lesson quality complaint',
        actor: { id: admin.user.id },
        before: { userId: student.user.id, wallet: '1.000' },
        after: { userId: student.user.id, wallet: '3.500', amount: '2.500' },
      });
    });

    it('links a refund to the user’s own payment or reservation, and refuses another user’s', async () => {
      const student = await f.student();
      const other = await f.student();
      const { paymentId } = await startTopUp(ctx.app, student, 'payzah', '4');
      const teacher = await f.teacher();
      const reservation = await f.lessonBetween(student, teacher, 'completed');
      const linked = await post(ctx.app, admin.headers, '/api/v1/admin/refunds', {
        userId: student.user.id,
        amount: '1',
        reason: 'Charged twice',
        paymentId,
        reservationId: reservation.id,
      });
      expect(linked.statusCode, linked.body).toBe(200);
      expect(linked.json().transfer).toMatchObject({ paymentId, reservationId: reservation.id });

      const transfers = await countRows(db, 'ledger_transfers');
      const audits = await countRows(db, 'admin_audit_log');
      const wrong = await post(ctx.app, admin.headers, '/api/v1/admin/refunds', {
        userId: other.user.id,
        amount: '1',
        reason: 'Charged twice',
        paymentId,
        reservationId: reservation.id,
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors).toEqual({ paymentId: 'invalid', reservationId: 'invalid' });
      const missing = await post(ctx.app, admin.headers, '/api/v1/admin/refunds', {
        userId: student.user.id,
        amount: '1',
        reason: 'Charged twice',
        paymentId: `pay${'0'.repeat(24)}`,
        reservationId: 2_000_000_000,
      });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors).toEqual({ paymentId: 'notFound', reservationId: 'notFound' });
      expect(await countRows(db, 'ledger_transfers')).toBe(transfers);
      expect(await countRows(db, 'admin_audit_log')).toBe(audits);
      expect(await walletOf(db, other.user.id)).toBe(0);
    });

    it('refuses bad input with 422 field codes and changes nothing', async () => {
      const student = await f.student();
      const transfers = await countRows(db, 'ledger_transfers');
      const audits = await countRows(db, 'admin_audit_log');
      const notes = await countRows(db, 'notifications');
      const cases: [Record<string, unknown>, Record<string, string>][] = [
        [{ userId: 999_999, amount: '1', reason: 'Goodwill' }, { userId: 'notFound' }],
        [{ userId: student.user.id, amount: '0', reason: 'Goodwill' }, { amount: expect.any(String) }],
        [{ userId: student.user.id, amount: '1001', reason: 'Goodwill' }, { amount: expect.any(String) }],
        [{ userId: student.user.id, amount: '-1', reason: 'Goodwill' }, { amount: expect.any(String) }],
        [{ userId: student.user.id, amount: '1.2345', reason: 'Goodwill' }, { amount: expect.any(String) }],
        [{ userId: student.user.id, amount: '1e3', reason: 'Goodwill' }, { amount: expect.any(String) }],
        [{ userId: student.user.id, amount: '1,000', reason: 'Goodwill' }, { amount: expect.any(String) }],
        // One amount parser (issue 29): ٬ only between groups of three, one digit system.
        [{ userId: student.user.id, amount: '1٬5', reason: 'Goodwill' }, { amount: 'invalid' }],
        [{ userId: student.user.id, amount: '١٬٥', reason: 'Goodwill' }, { amount: 'invalid' }],
        [{ userId: student.user.id, amount: '١2', reason: 'Goodwill' }, { amount: 'invalid' }],
        [{ userId: student.user.id, amount: 5, reason: 'Goodwill' }, { amount: expect.any(String) }],
        [{ userId: student.user.id, amount: '1', reason: 'x' }, { reason: 'tooShort' }],
        [{ userId: student.user.id, amount: '1' }, { reason: expect.any(String) }],
        [{ userId: student.user.id, amount: '1', reason: 'Goodwill', balance: '9' }, { balance: 'unknownField' }],
        [{ userId: 'abc', amount: '1', reason: 'Goodwill' }, { userId: expect.any(String) }],
        [{ userId: 2_147_483_648, amount: '1', reason: 'Goodwill' }, { userId: 'tooBig' }],
        [
          { userId: student.user.id, amount: '1', reason: 'Goodwill', reservationId: 2 ** 31 },
          { reservationId: 'tooBig' },
        ],
      ];
      for (const [payload, errors] of cases) {
        const res = await post(ctx.app, admin.headers, '/api/v1/admin/refunds', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(422);
        expect(res.json().errors).toEqual(errors);
      }
      expect(await countRows(db, 'ledger_transfers')).toBe(transfers);
      expect(await countRows(db, 'admin_audit_log')).toBe(audits);
      expect(await countRows(db, 'notifications')).toBe(notes);
      expect(await walletOf(db, student.user.id)).toBe(0);
    });

    it('Idempotency-Key: the same key refunds once and answers the same; another body with it is 422', async () => {
      const student = await f.student();
      const headers = { ...admin.headers, 'idempotency-key': randomUUID() };
      const payload = { userId: student.user.id, amount: '3', reason: 'Refund for a missed lesson' };
      const first = await post(ctx.app, headers, '/api/v1/admin/refunds', payload);
      const again = await post(ctx.app, headers, '/api/v1/admin/refunds', payload);
      expect(first.statusCode).toBe(200);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(await walletOf(db, student.user.id)).toBe(3_000);
      const reused = await post(ctx.app, headers, '/api/v1/admin/refunds', { ...payload, amount: '4' });
      expect(reused.statusCode).toBe(422);
      expect(reused.json().errors).toEqual({ idempotencyKey: 'idempotencyKeyReused' });
      expect(await walletOf(db, student.user.id)).toBe(3_000);
      const audits = await auditOf(ctx.app, admin.headers, `action=refund.manual&entityId=${first.json().transfer.id}`);
      expect(audits).toHaveLength(1);
    });

    it('Idempotency-Key: concurrent requests with one key refund once', async () => {
      const student = await f.student();
      const headers = { ...admin.headers, 'idempotency-key': randomUUID() };
      const payload = { userId: student.user.id, amount: '1.250', reason: 'Refund for a missed lesson' };
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => post(ctx.app, headers, '/api/v1/admin/refunds', payload)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(new Set(answers.map((a) => a.json().transfer.id)).size).toBe(1);
      expect(await walletOf(db, student.user.id)).toBe(1_250);
      await expectLedgerConsistent(db);
    });
  });

  describe('GET /api/v1/admin/ledger', () => {
    it('filters by kind, user and date, pages newest first, with each transfer’s legs', async () => {
      const student = await f.student();
      await fundWallet(db, student.user.id, 2_000);
      for (const amount of ['1', '2', '3']) {
        const res = await post(ctx.app, admin.headers, '/api/v1/admin/refunds', {
          userId: student.user.id,
          amount,
          reason: `Refund number ${amount}`,
        });
        expect(res.statusCode).toBe(200);
      }
      const page1 = await get(
        ctx.app,
        admin.headers,
        `/api/v1/admin/ledger?userId=${student.user.id}&kind=manual_refund&limit=2`,
      );
      expect(page1.statusCode).toBe(200);
      const first = adminLedgerResponseSchema.parse(page1.json());
      expect(first).toMatchObject({ total: 3, page: 1, limit: 2, totalPages: 2 });
      expect(first.data.map((t) => t.memo)).toEqual(['Refund number 3', 'Refund number 2']);
      const page2 = await get(
        ctx.app,
        admin.headers,
        `/api/v1/admin/ledger?userId=${student.user.id}&kind=manual_refund&limit=2&page=2`,
      );
      expect(page2.json().data.map((t: { memo: string }) => t.memo)).toEqual(['Refund number 1']);

      const today = new Date().toISOString().slice(0, 10);
      const yesterday = new Date(Date.now() - 24 * 3600_000).toISOString().slice(0, 10);
      const sameDay = await get(
        ctx.app,
        admin.headers,
        `/api/v1/admin/ledger?userId=${student.user.id}&from=${today}&to=${today}`,
      );
      expect(sameDay.json().total).toBe(4);
      const before = await get(
        ctx.app,
        admin.headers,
        `/api/v1/admin/ledger?userId=${student.user.id}&to=${yesterday}`,
      );
      expect(before.json().total).toBe(0);
      const since = new Date(Date.now() - 60_000).toISOString();
      const recent = await get(
        ctx.app,
        admin.headers,
        `/api/v1/admin/ledger?userId=${student.user.id}&from=${encodeURIComponent(since)}`,
      );
      expect(recent.json().total).toBe(4);

      const all = await get(ctx.app, admin.headers, '/api/v1/admin/ledger?limit=100');
      const parsed = adminLedgerResponseSchema.parse(all.json());
      for (const transfer of parsed.data) {
        const sum = transfer.entries.reduce((total, entry) => total + Math.round(Number(entry.amount) * 1000), 0);
        expect(sum).toBe(0);
      }
    });

    it('refuses bad filters with 422', async () => {
      const queries = [
        'kind=gift',
        'from=yesterday',
        'to=2024-13-40',
        'userId=-1',
        'userId=2147483648',
        'limit=1000',
        'page=0',
      ];
      for (const query of queries) {
        const res = await get(ctx.app, admin.headers, `/api/v1/admin/ledger?${query}`);
        expect(res.statusCode, query).toBe(422);
      }
    });
  });

  describe('GET /api/v1/admin/payments', () => {
    it('lists payments newest first with their payer; filters by status, provider, user and id or reference', async () => {
      const student = await f.student({ firstName: 'Mona', lastName: 'Payer' });
      const first = await startTopUp(ctx.app, student, 'payzah', '5');
      const second = await startTopUp(ctx.app, student, 'deema', '15');
      const res = await get(ctx.app, admin.headers, `/api/v1/admin/payments?userId=${student.user.id}`);
      expect(res.statusCode).toBe(200);
      const list = adminPaymentsResponseSchema.parse(res.json());
      expect(list.total).toBe(2);
      expect(list.data.map((p) => p.id)).toEqual([second.paymentId, first.paymentId]);
      expect(list.data[1]).toMatchObject({
        user: { id: student.user.id, name: 'Mona Payer', email: student.user.email },
        provider: 'payzah',
        gateway: 'sandbox',
        purpose: 'top_up',
        amount: '5.000',
        status: 'pending',
      });

      const byProvider = await get(
        ctx.app,
        admin.headers,
        `/api/v1/admin/payments?userId=${student.user.id}&provider=deema`,
      );
      expect(byProvider.json().data.map((p: { id: string }) => p.id)).toEqual([second.paymentId]);
      const paid = await get(ctx.app, admin.headers, `/api/v1/admin/payments?userId=${student.user.id}&status=paid`);
      expect(paid.json().total).toBe(0);
      const byId = await get(
        ctx.app,
        admin.headers,
        `/api/v1/admin/payments?search=${first.paymentId.slice(3, 15).toUpperCase()}`,
      );
      expect(byId.json().data.map((p: { id: string }) => p.id)).toEqual([first.paymentId]);
      const ref = (await findPayment(db, second.paymentId))?.providerRef ?? '';
      const byRef = await get(ctx.app, admin.headers, `/api/v1/admin/payments?search=${ref}`);
      expect(byRef.json().data.map((p: { id: string }) => p.id)).toEqual([second.paymentId]);
      const wildcard = await get(ctx.app, admin.headers, `/api/v1/admin/payments?search=${encodeURIComponent('%')}`);
      expect(wildcard.json().total).toBe(0);
    });
  });

  describe('reconciliation', () => {
    it('a charge paid at the gateway while ours is pending: listed, changed by nothing but POST reconcile, settled once', async () => {
      const student = await f.student();
      const paidThere = await startTopUp(ctx.app, student, 'payzah', '7.250');
      const stillOpen = await startTopUp(ctx.app, student, 'payzah', '1');
      const paidRow = await findPayment(db, paidThere.paymentId);
      if (!paidRow?.providerRef) throw new Error('sandbox charge missing');
      // The customer paid at the "gateway" and never came back to the return URL.
      expect(await decideSandboxCharge(db, paidRow.providerRef, 'pay')).toBe('paid');

      const report = await get(ctx.app, admin.headers, '/api/v1/admin/reconciliation?days=1');
      expect(report.statusCode, report.body).toBe(200);
      const parsed = reconciliationResponseSchema.parse(report.json());
      expect(parsed.checked).toBeGreaterThanOrEqual(2);
      const row = parsed.data.find((r) => r.payment.id === paidThere.paymentId);
      expect(row).toMatchObject({
        gatewayStatus: 'paid',
        gatewayAmount: '7.250',
        problem: 'statusDiffers',
        payment: { status: 'pending', amount: '7.250' },
      });
      // Both pending is not a difference.
      expect(parsed.data.find((r) => r.payment.id === stillOpen.paymentId)).toBeUndefined();
      // The report changed nothing.
      expect((await findPayment(db, paidThere.paymentId))?.status).toBe('pending');
      expect(await walletOf(db, student.user.id)).toBe(0);

      const audits = await countRows(db, 'admin_audit_log');
      const settled = await post(ctx.app, admin.headers, `/api/v1/admin/payments/${paidThere.paymentId}/reconcile`);
      expect(settled.statusCode, settled.body).toBe(200);
      expect(settled.json().payment).toMatchObject({ id: paidThere.paymentId, status: 'paid', amount: '7.250' });
      expect(await walletOf(db, student.user.id)).toBe(7_250);
      expect(await countRows(db, 'admin_audit_log')).toBe(audits + 1);
      const [audit] = await auditOf(ctx.app, admin.headers, `action=payment.reconcile&entityId=${paidThere.paymentId}`);
      expect(audit).toMatchObject({
        actor: { id: admin.user.id },
        before: { status: 'pending' },
        after: { status: 'paid' },
      });

      const again = await post(ctx.app, admin.headers, `/api/v1/admin/payments/${paidThere.paymentId}/reconcile`);
      expect(again.statusCode).toBe(200);
      expect(again.json().payment.status).toBe('paid');
      expect(await walletOf(db, student.user.id)).toBe(7_250);
      expect(await countRows(db, 'admin_audit_log')).toBe(audits + 1);

      const after = reconciliationResponseSchema.parse(
        (await get(ctx.app, admin.headers, '/api/v1/admin/reconciliation?days=1')).json(),
      );
      expect(after.data.find((r) => r.payment.id === paidThere.paymentId)).toBeUndefined();
      await expectLedgerConsistent(db);
    });

    it('concurrent reconciles of one paid charge credit once and audit once', async () => {
      const student = await f.student();
      const { paymentId } = await startTopUp(ctx.app, student, 'deema', '12');
      const row = await findPayment(db, paymentId);
      await decideSandboxCharge(db, row?.providerRef ?? '', 'pay');
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => post(ctx.app, admin.headers, `/api/v1/admin/payments/${paymentId}/reconcile`)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(await walletOf(db, student.user.id)).toBe(12_000);
      expect(await auditOf(ctx.app, admin.headers, `action=payment.reconcile&entityId=${paymentId}`)).toHaveLength(1);
    });

    it('ours paid but not the gateway, and a failure past expiry, are differences; reconcile expires a lapsed one', async () => {
      const student = await f.student();
      const oursOnly = await startTopUp(ctx.app, student, 'payzah', '2');
      const failedThere = await startTopUp(ctx.app, student, 'payzah', '3');
      const lapsed = await startTopUp(ctx.app, student, 'payzah', '4');
      // A payment we marked paid that the gateway never captured (a bug or a manual edit elsewhere).
      await db.update(payments).set({ status: 'paid', paidAt: new Date() }).where(eq(payments.id, oursOnly.paymentId));
      const failedRow = await findPayment(db, failedThere.paymentId);
      await decideSandboxCharge(db, failedRow?.providerRef ?? '', 'fail');
      const past = new Date(Date.now() - 60_000);
      await db.update(payments).set({ expiresAt: past }).where(eq(payments.id, failedThere.paymentId));
      await db.update(payments).set({ expiresAt: past }).where(eq(payments.id, lapsed.paymentId));

      const report = reconciliationResponseSchema.parse(
        (await get(ctx.app, admin.headers, '/api/v1/admin/reconciliation?days=1')).json(),
      );
      expect(report.data.find((r) => r.payment.id === oursOnly.paymentId)).toMatchObject({
        gatewayStatus: 'pending',
        problem: 'statusDiffers',
      });
      expect(report.data.find((r) => r.payment.id === failedThere.paymentId)).toMatchObject({
        gatewayStatus: 'failed',
        problem: 'statusDiffers',
      });
      // Pending at both ends, even past expiry, is not a difference (the sweeper expires it).
      expect(report.data.find((r) => r.payment.id === lapsed.paymentId)).toBeUndefined();

      const failed = await post(ctx.app, admin.headers, `/api/v1/admin/payments/${failedThere.paymentId}/reconcile`);
      expect(failed.json().payment).toMatchObject({ status: 'failed', failureReason: 'declined' });
      const expired = await post(ctx.app, admin.headers, `/api/v1/admin/payments/${lapsed.paymentId}/reconcile`);
      expect(expired.json().payment).toMatchObject({ status: 'expired' });
      const audits = await auditOf(ctx.app, admin.headers, 'action=payment.reconcile&limit=100');
      expect(audits.find((a) => a.entityId === lapsed.paymentId)).toMatchObject({
        before: { status: 'pending' },
        after: { status: 'expired' },
      });
      expect(await walletOf(db, student.user.id)).toBe(0);
    });

    it('reconcile: unknown payment 404, overlong id refused (414 from the router, never a 500)', async () => {
      const unknown = await post(ctx.app, admin.headers, `/api/v1/admin/payments/pay${'f'.repeat(24)}/reconcile`);
      expect(unknown.statusCode).toBe(404);
      const long = await post(ctx.app, admin.headers, `/api/v1/admin/payments/${'a'.repeat(101)}/reconcile`);
      expect(long.statusCode).toBe(414);
      const days = await get(ctx.app, admin.headers, '/api/v1/admin/reconciliation?days=91');
      expect(days.statusCode).toBe(422);
    });
  });
});

// ------------------------------------------------------------------------------------------------

describe('reconciliation against a local fake Payzah', () => {
  const gw = useFakeGatewayApp(() => createPayzahTestApp('pk_test_admin_123'));
  let admin: TestUser;

  beforeAll(async () => {
    admin = await gw.f.user({ roleId: ROLE.admin });
  });

  it('a gateway that reports another amount: amountDiffers, and reconcile refuses it (409) without crediting', async () => {
    const student = await gw.f.student();
    const { paymentId } = await startTopUp(gw.ctx.app, student, 'payzah', '6');
    gw.fake.pay(paymentId);
    gw.fake.report(paymentId, { amount: '1.000' });
    const report = reconciliationResponseSchema.parse(
      (await get(gw.ctx.app, admin.headers, '/api/v1/admin/reconciliation?days=1')).json(),
    );
    expect(report.data.find((r) => r.payment.id === paymentId)).toMatchObject({
      gatewayStatus: 'paid',
      gatewayAmount: '1.000',
      problem: 'amountDiffers',
    });
    const refused = await post(gw.ctx.app, admin.headers, `/api/v1/admin/payments/${paymentId}/reconcile`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('paymentMismatch');
    expect((await findPayment(gw.db, paymentId))?.status).toBe('pending');
    expect(await walletOf(gw.db, student.user.id)).toBe(0);
  });

  it('a gateway that errors: gatewayUnreachable in the report; reconcile answers 502 and changes nothing', async () => {
    const student = await gw.f.student();
    const { paymentId } = await startTopUp(gw.ctx.app, student, 'payzah', '2');
    gw.fake.pay(paymentId);
    // Every payment of the window is asked about: make every look-up of the next run fail.
    const inWindow = reconciliationResponseSchema.parse(
      (await get(gw.ctx.app, admin.headers, '/api/v1/admin/reconciliation?days=1')).json(),
    ).checked;
    gw.fake.failNext(inWindow, 'error');
    const report = reconciliationResponseSchema.parse(
      (await get(gw.ctx.app, admin.headers, '/api/v1/admin/reconciliation?days=1')).json(),
    );
    expect(report.data.find((r) => r.payment.id === paymentId)).toMatchObject({
      gatewayStatus: 'unknown',
      gatewayAmount: null,
      problem: 'gatewayUnreachable',
    });
    gw.fake.failNext(1, 'error');
    const failed = await post(gw.ctx.app, admin.headers, `/api/v1/admin/payments/${paymentId}/reconcile`);
    expect(failed.statusCode).toBe(502);
    expect((await findPayment(gw.db, paymentId))?.status).toBe('pending');
    const settled = await post(gw.ctx.app, admin.headers, `/api/v1/admin/payments/${paymentId}/reconcile`);
    expect(settled.json().payment.status).toBe('paid');
    expect(await walletOf(gw.db, student.user.id)).toBe(2_000);
  });
});
