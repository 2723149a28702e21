import type { GatewayProvider, PaymentPurchase, PaymentPurpose } from '@ustaz/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client.ts';
import type { PaymentRow } from '../../db/schema.ts';
import type { PaymentProvider } from '../../payments/provider.ts';

/** What a purpose (booking, subscription) does when its payment is paid or fails, in the settling transaction. */
export type PurposeHandler = {
  paid(tx: Executor, payment: PaymentRow): Promise<void>;
  failed(tx: Executor, payment: PaymentRow): Promise<void>;
  /** What the payment bought, for its payer's result page (names in `language`); null when gone. */
  purchase(db: Executor, payment: PaymentRow, language: 'ar' | 'en'): Promise<PaymentPurchase | null>;
};

/** Runs in the settling transaction after this call changed the payment's status (an admin's audit row). */
export type SettleHook = (tx: Executor, change: { before: PaymentRow; after: PaymentRow }) => Promise<void>;

export type PaymentsDeps = {
  db: Db;
  providers: Record<GatewayProvider, PaymentProvider>;
  publicUrl: string;
  log: FastifyBaseLogger;
};

/** The payments operations' shared state: the deps and the purpose handlers registered so far. */
export type PaymentsContext = PaymentsDeps & { handlers: Map<PaymentPurpose, PurposeHandler> };
