import { filsToKwd, type Payment, type PaymentPurchase } from '@ustaz/contract';
import type { PaymentRow } from '../../db/schema.ts';

/**
 * A payment as its owner sees it (GET /api/v1/payments/:id): amounts in KWD, dates as ISO strings,
 * and what it bought (from the purpose that handles it), under that purchase's purpose.
 */
export function toPayment(row: PaymentRow, purchase: PaymentPurchase | null): Payment {
  return {
    id: row.id,
    status: row.status,
    // A short wallet's top-up that books (ADR 026) reads as the booking it paid for.
    purpose: purchase?.purpose ?? row.purpose,
    provider: row.provider,
    amount: filsToKwd(row.amountFils),
    currency: 'KWD',
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    creditedToWallet: row.creditedToWallet,
    purchase,
  };
}
