import { screen, within } from '@testing-library/react';
import type { Receipt } from '@ustaz/contract';
import { describe, expect, it } from 'vitest';
import arReceipts from '../../../public/locales/ar/receipts.json';
import enReceipts from '../../../public/locales/en/receipts.json';
import { formatKwd } from '../../shared/lib/format.ts';
import { signedIn } from '../../shared/test/auth-test-data.ts';
import { itInEachLanguage } from '../../shared/test/each-language.ts';
import { type ApiAnswer, mockApi, ok } from '../../shared/test/mock-api.ts';
import { renderAppRoute } from '../../shared/test/render-app-route.tsx';
import { receiptPath } from './api/receipt.ts';
import { ReceiptPage } from './receipt-page.tsx';

function lessonReceipt(language: 'ar' | 'en', overrides: Partial<Receipt> = {}): Receipt {
  return {
    id: 'lesson-85',
    number: 'L-000085',
    source: 'reservation',
    issuedAt: '2026-12-01T10:00:00.000Z',
    language,
    currency: 'KWD',
    operator: { name: 'Ustaz', address: 'Kuwait City', email: 'support@ustaz.com.kw', phone: '+965 2227 0000' },
    payer: { id: 7, name: 'Fahad Al-Kandari', email: 'student@ustaz.example' },
    lines: [
      {
        kind: 'lesson',
        reservationId: 85,
        teacherName: 'Fatma Al-Kandari',
        major: 'Physics',
        startTime: '2026-12-04T13:00:00.000Z',
        endTime: '2026-12-04T14:00:00.000Z',
        trial: false,
        move: false,
        amount: '6.500',
      },
    ],
    paidWith: [
      { method: 'subscription', amount: '4.000', hours: 1 },
      { method: 'wallet', amount: '2.500', hours: null },
    ],
    total: '6.500',
    refunds: [],
    refunded: '0.000',
    creditedToWallet: false,
    gatewayReference: null,
    ...overrides,
  };
}

async function renderReceipt(id: string, language: 'ar' | 'en', answer: ApiAnswer) {
  const path = receiptPath(id);
  if (path) mockApi({ [`GET ${path}`]: answer });
  return renderAppRoute(<ReceiptPage />, {
    language,
    path: `/receipts/${id}`,
    pattern: '/receipts/:id',
    auth: signedIn(),
  });
}

describe('receiptPath', () => {
  it('takes a payment id or lesson-{n}, nothing else', () => {
    expect(receiptPath(`pay${'a1'.repeat(12)}`)).toBe(`/api/v1/payments/pay${'a1'.repeat(12)}/receipt`);
    expect(receiptPath('lesson-85')).toBe('/api/v1/reservations/85/receipt');
    for (const bad of ['lesson-0', 'lesson-x', 'pay123', '85', '../admin', `lesson-85/../1`]) {
      expect(receiptPath(bad)).toBeNull();
    }
  });
});

describe('ReceiptPage', () => {
  itInEachLanguage(
    'a lesson paid with an hour and money, then cancelled: lines, sources, refunds and what stays paid',
    { ar: arReceipts, en: enReceipts },
    async (language, texts) => {
      const receipt = lessonReceipt(language, {
        refunds: [
          { at: '2026-12-02T09:00:00.000Z', kind: 'cancellation', amount: '2.500', hours: 1, reservationId: 85 },
        ],
        refunded: '2.500',
      });
      const { missing } = await renderReceipt('lesson-85', language, ok(receipt));
      const sheet = await screen.findByTestId('receipt');
      expect(within(sheet).getByRole('heading', { level: 1 }).textContent).toBe(texts.title);
      expect(within(sheet).getByTestId('receipt-number').textContent).toBe('L-000085');
      expect(within(sheet).getByTestId('receipt-payer').textContent).toBe('Fahad Al-Kandari');
      const lines = within(sheet).getByTestId('receipt-lines');
      expect(lines.textContent).toContain(texts.line.lesson.replace('{{teacher}}', 'Fatma Al-Kandari'));
      expect(lines.textContent).toContain('Physics');
      expect(within(sheet).getByTestId('receipt-total').textContent).toBe(formatKwd('6.500', language));
      const paidWith = within(sheet).getByTestId('receipt-paid-with');
      expect(paidWith.textContent).toContain(texts.paidWith.wallet);
      expect(paidWith.textContent).toContain(formatKwd('2.500', language));
      const refunds = within(sheet).getByTestId('receipt-refunds');
      expect(refunds.textContent).toContain(texts.refunds.cancellation);
      expect(within(refunds).getByTestId('receipt-refunded').textContent).toBe(formatKwd('2.500', language));
      expect(refunds.textContent).toContain(formatKwd('4.000', language));
      expect(screen.getByTestId('receipt-print').textContent).toBe(texts.print);
      expect(missing).toEqual([]);
    },
  );

  itInEachLanguage(
    'an unpaid one says there is no receipt yet; another account’s, that there is none here',
    { ar: arReceipts, en: enReceipts },
    async (language, texts) => {
      await renderReceipt('lesson-9', language, {
        status: 409,
        body: { status: 409, code: 'notPaid', message: 'not paid' },
      });
      expect((await screen.findByTestId('receipt-problem')).textContent).toContain(texts.errors.notPaid);
      expect(screen.queryByTestId('receipt-print')).toBeNull();
    },
  );

  it('a receipt of someone else, or a made-up address, reads as not found', async () => {
    await renderReceipt(`pay${'0'.repeat(24)}`, 'en', {
      status: 404,
      body: { status: 404, code: 'notFound', message: 'Receipt not found' },
    });
    expect((await screen.findByTestId('receipt-problem')).textContent).toContain(enReceipts.errors.notFound);
  });

  it('an address that is no receipt id asks nothing and says not found', async () => {
    await renderReceipt('lesson-abc', 'ar', ok({}));
    expect((await screen.findByTestId('receipt-problem')).textContent).toContain(arReceipts.errors.notFound);
  });
});
