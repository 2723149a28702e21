import { filsToKwd, type Language, type Receipt, type ReceiptLine } from '@ustaz/contract';
import type { Db } from '../../db/client.ts';
import type { PaymentRow } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import {
  hoursOf,
  receiptNumber,
  refundedOf,
  toLessonLine,
  toOperator,
  toPayer,
  toRefunds,
} from './receipt.presenter.ts';
import {
  findLessonsOfPayment,
  findMovedLessonOfPayment,
  findPackageOfSubscription,
  findPayer,
  findReceiptLesson,
  findReceiptPayment,
  findRefunds,
  findReturnedMinutes,
  isActiveAdminUser,
  type ReceiptLessonRow,
} from './receipts.repo.ts';

type Deps = { db: Db; settings: SettingsService };
type PaidPart = Receipt['paidWith'][number];

function notFound(): HttpError {
  return new HttpError(404, 'notFound', 'Receipt not found');
}

function notPaid(): HttpError {
  return new HttpError(409, 'notPaid', 'This has not been paid, so there is no receipt yet');
}

/** A lesson is paid once it is out of `pending` and, when a gateway took its money, that payment is paid. */
function lessonIsPaid(row: ReceiptLessonRow): boolean {
  if (row.status === 'pending') return false;
  const byGateway = row.paidWith === 'payzah' || row.paidWith === 'deema';
  if (byGateway && row.paymentStatus !== 'paid') return false;
  return row.cashFils + row.hoursValueFils >= row.priceFils;
}

/** How lessons' prices were paid, summed per method (wallet, hours, the gateway), without zero parts. */
function paidPartsOf(rows: ReceiptLessonRow[]): PaidPart[] {
  const parts = new Map<PaidPart['method'], { fils: number; minutes: number }>();
  const add = (method: PaidPart['method'], fils: number, minutes = 0) => {
    if (fils <= 0 && minutes <= 0) return;
    const part = parts.get(method) ?? { fils: 0, minutes: 0 };
    parts.set(method, { fils: part.fils + fils, minutes: part.minutes + minutes });
  };
  for (const row of rows) {
    add('subscription', row.hoursValueFils, row.subscriptionMinutes);
    if (row.paidWith === 'payzah' || row.paidWith === 'deema') {
      add('wallet', row.walletFils);
      add(row.paidWith, row.cashFils - row.walletFils);
    } else {
      add('wallet', row.cashFils);
    }
  }
  return [...parts].map(([method, part]) => ({
    method,
    amount: filsToKwd(part.fils),
    hours: method === 'subscription' ? hoursOf(part.minutes) : null,
  }));
}

/**
 * Receipts (issue 34, contract `receipts.ts`): a paid gateway payment's and a paid lesson's, for
 * the payer and active admins only (anyone else: 404, the same as a receipt that does not exist).
 */
export function createReceiptsService({ db, settings }: Deps) {
  async function mayRead(viewerId: number, payerId: number): Promise<boolean> {
    return viewerId === payerId || isActiveAdminUser(db, viewerId);
  }

  async function assemble(
    language: Language,
    head: Pick<Receipt, 'id' | 'number' | 'source' | 'issuedAt' | 'gatewayReference' | 'creditedToWallet'>,
    body: { payerId: number; lines: ReceiptLine[]; paidWith: PaidPart[]; totalFils: number },
    refundsOf: { paymentId: string | null; reservationIds: number[] },
  ): Promise<Receipt> {
    const payer = await findPayer(db, body.payerId);
    if (!payer) throw notFound();
    const [site, refundRows, returned] = await Promise.all([
      settings.getWebsiteSettings(),
      findRefunds(db, { payerId: body.payerId, ...refundsOf }),
      findReturnedMinutes(db, refundsOf.reservationIds),
    ]);
    const refunds = toRefunds(refundRows, new Map(returned.map((row) => [row.reservationId, row.minutes])));
    return {
      ...head,
      language,
      currency: 'KWD',
      operator: toOperator(site, language),
      payer: toPayer(payer, language),
      lines: body.lines,
      paidWith: body.paidWith,
      total: filsToKwd(body.totalFils),
      refunds,
      refunded: refundedOf(refunds),
    };
  }

  /** What a paid payment bought, as lines, and how its total was paid. */
  async function paymentBody(payment: PaymentRow, language: Language) {
    const gatewayPart: PaidPart = { method: payment.provider, amount: filsToKwd(payment.amountFils), hours: null };
    const base = { payerId: payment.userId, paidWith: [gatewayPart], totalFils: payment.amountFils };
    if (payment.purpose === 'subscription') {
      const bought = payment.subscriptionId ? await findPackageOfSubscription(db, payment.subscriptionId) : undefined;
      const name = bought ? (language === 'en' ? bought.nameEn : bought.nameAr) : '';
      const line: ReceiptLine = {
        kind: 'subscription',
        packageName: name,
        hours: hoursOf(bought?.totalMinutes ?? 0),
        amount: filsToKwd(payment.amountFils),
      };
      return { ...base, lines: [line], reservationIds: [] };
    }
    if (payment.purpose === 'booking' && !payment.creditedToWallet) {
      const moved = await findMovedLessonOfPayment(db, payment.id);
      if (moved) {
        const line = toLessonLine(moved, language, { amountFils: payment.amountFils, move: true });
        return { ...base, lines: [line], reservationIds: [moved.id] };
      }
      const lessons = await findLessonsOfPayment(db, payment.id);
      if (lessons.length > 0) {
        return {
          payerId: payment.userId,
          lines: lessons.map((row) => toLessonLine(row, language, { amountFils: row.priceFils, move: false })),
          paidWith: paidPartsOf(lessons),
          totalFils: lessons.reduce((sum, row) => sum + row.priceFils, 0),
          reservationIds: lessons.map((row) => row.id),
        };
      }
    }
    // A top-up, or a booking whose slots had lapsed: the money went to the wallet.
    const line: ReceiptLine = { kind: 'top_up', amount: filsToKwd(payment.amountFils) };
    return { ...base, lines: [line], reservationIds: [] };
  }

  return {
    /** GET /api/v1/payments/:id/receipt */
    async forPayment(viewerId: number, id: string, language: Language): Promise<Receipt> {
      const payment = await findReceiptPayment(db, id);
      if (!payment || !(await mayRead(viewerId, payment.userId))) throw notFound();
      if (payment.status !== 'paid') throw notPaid();
      const { reservationIds, ...body } = await paymentBody(payment, language);
      return assemble(
        language,
        {
          id: payment.id,
          number: receiptNumber('payment', payment.id),
          source: 'payment',
          issuedAt: (payment.paidAt ?? payment.createdAt).toISOString(),
          gatewayReference: payment.gatewayReference ?? payment.providerRef ?? null,
          creditedToWallet: payment.creditedToWallet,
        },
        body,
        { paymentId: payment.id, reservationIds },
      );
    },

    /** GET /api/v1/reservations/:id/receipt */
    async forReservation(viewerId: number, id: number, language: Language): Promise<Receipt> {
      const lesson = await findReceiptLesson(db, id);
      if (!lesson || !(await mayRead(viewerId, lesson.studentId))) throw notFound();
      if (!lessonIsPaid(lesson)) throw notPaid();
      return assemble(
        language,
        {
          id: `lesson-${lesson.id}`,
          number: receiptNumber('reservation', lesson.id),
          source: 'reservation',
          issuedAt: lesson.createdAt.toISOString(),
          gatewayReference: lesson.gatewayReference ?? null,
          creditedToWallet: false,
        },
        {
          payerId: lesson.studentId,
          lines: [toLessonLine(lesson, language, { amountFils: lesson.priceFils, move: false })],
          paidWith: paidPartsOf([lesson]),
          totalFils: lesson.priceFils,
        },
        { paymentId: null, reservationIds: [lesson.id] },
      );
    },
  };
}

export type ReceiptsService = ReturnType<typeof createReceiptsService>;
