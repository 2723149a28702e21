import type { AdminPayment, AdminPayout, AdminTransfer, ReconciliationRow } from '@ustaz/contract';
import { factory } from '../../../shared/test/factory.ts';

/** Test data factories for the dashboard's money pages (used by their tests only). */

let nextId = 1000;
function id() {
  nextId += 1;
  return nextId;
}

export function transfer(overrides: Partial<AdminTransfer> = {}): AdminTransfer {
  const transferId = id();
  return {
    id: transferId,
    key: `top_up:${transferId}`,
    kind: 'top_up',
    memo: '',
    paymentId: null,
    reservationId: null,
    subscriptionId: null,
    actor: null,
    entries: [
      { account: 'gateway', userId: null, userName: null, amount: '-20.000' },
      { account: 'wallet', userId: 7, userName: 'Mona Al-Sabah', amount: '20.000' },
    ],
    createdAt: '2026-03-10T09:00:00.000Z',
    ...overrides,
  };
}

export function payment(overrides: Partial<AdminPayment> = {}): AdminPayment {
  return {
    id: `pay${id()}`,
    user: { id: 7, name: 'Mona Al-Sabah', email: 'mona@example.com' },
    provider: 'payzah',
    gateway: 'payzah',
    purpose: 'top_up',
    amount: '20.000',
    currency: 'KWD',
    status: 'paid',
    providerRef: null,
    gatewayReference: 'PZ-5521',
    creditedToWallet: false,
    failureReason: null,
    createdAt: '2026-03-10T09:00:00.000Z',
    paidAt: '2026-03-10T09:02:00.000Z',
    expiresAt: '2026-03-10T09:30:00.000Z',
    ...overrides,
  };
}

export function reconciliationRow(overrides: Partial<ReconciliationRow> = {}): ReconciliationRow {
  return {
    payment: payment({ status: 'pending', paidAt: null, gatewayReference: null }),
    gatewayStatus: 'paid',
    gatewayAmount: '20.000',
    problem: 'statusDiffers',
    ...overrides,
  };
}

/** A teacher's payout request waiting for a decision (the whole IBAN, as the dashboard gets it). */
export const adminPayout = factory<AdminPayout>(() => ({
  id: 11,
  amount: '25.500',
  status: 'requested',
  last4: '0101',
  holderName: 'سارة أحمد',
  iban: 'KW81CBKU0000000000001234560101',
  bankReference: null,
  rejectReason: null,
  createdAt: '2026-11-25T09:00:00.000Z',
  decidedAt: null,
  teacher: { id: 5, name: 'Sara Ahmad', email: 'sara@example.com' },
  decidedBy: null,
}));
