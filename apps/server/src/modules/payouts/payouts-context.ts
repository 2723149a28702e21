import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';

/** What the payouts' operations use: the service's dependencies. */
export type PayoutsContext = { db: Db; platformFeePercent: number; mailer?: Mailer | undefined; publicUrl: string };

export type Paging = { page: number; limit: number };
