import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { PaymentsService } from '../payments/payments.service.ts';

/** What the admin's money operations share, built once by `createAdminMoneyService`. */
export type AdminMoneyContext = {
  db: Db;
  payments: PaymentsService;
  log: FastifyBaseLogger;
  /** How long the reconciliation report may spend asking gateways (tests shorten it). */
  reconcileBudgetMs: number;
};
