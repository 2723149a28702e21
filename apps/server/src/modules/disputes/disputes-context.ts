import type { Db } from '../../db/client.ts';
import type { BookingMail } from '../booking/booking-notices.ts';

/** What the disputes' operations use: the service's dependencies. */
export type DisputesContext = {
  db: Db;
  platformFeePercent: number;
  clock: () => Date;
  mail?: BookingMail;
};
