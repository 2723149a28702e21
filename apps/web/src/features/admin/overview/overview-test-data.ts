import type { AdminOverview } from '@ustaz/contract';
import { factory } from '../../../shared/test/factory.ts';

/** Test data factories for the dashboard's overview (used by its tests only). */

/** The overview's figures: every tile with a number, one of them (pending payments) at 0. */
export const adminOverview = factory<AdminOverview>(() => ({
  users: 1250,
  students: 1100,
  teachers: 140,
  pendingTeachers: 3,
  suspendedUsers: 2,
  upcomingReservations: 57,
  pendingPayments: 0,
  paidLast30Days: '4520.750',
  walletsTotal: '812.000',
  notFoundSearches: 9,
}));
