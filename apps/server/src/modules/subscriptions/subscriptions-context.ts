import type { Db } from '../../db/client.ts';
import type { PaymentsService } from '../payments/payments.service.ts';

/** What the subscription operations share. */
export type SubscriptionsContext = { db: Db; payments: PaymentsService };
