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
  period: {
    from: '2026-11-02',
    to: '2026-12-01',
    days: 30,
    previousFrom: '2026-10-03',
    previousTo: '2026-11-01',
    timeZone: 'Asia/Kuwait',
  },
  daily: [
    { day: '2026-11-30', bookings: 4, lessonsHeld: 3, paidIn: '45.000', teacherEarnings: '28.000' },
    { day: '2026-12-01', bookings: 2, lessonsHeld: 5, paidIn: '12.500', teacherEarnings: '40.000' },
  ],
  current: {
    bookings: 6,
    lessonsHeld: 8,
    paidIn: '57.500',
    teacherEarnings: '68.000',
    newStudents: 12,
    newTeachers: 2,
    lessonsDue: 10,
    completionRate: 0.8,
    noShowRate: 0.1,
    cancellationRate: 0.1,
  },
  previous: {
    bookings: 3,
    lessonsHeld: 4,
    paidIn: '30.000',
    teacherEarnings: '20.000',
    newStudents: 6,
    newTeachers: 1,
    lessonsDue: 4,
    completionRate: 0.75,
    noShowRate: 0,
    cancellationRate: 0.25,
  },
  topSubjects: [{ subjectId: 1, nameAr: 'رياضيات', nameEn: 'Maths', bookings: 5 }],
  notFoundTerms: [{ term: 'فيزياء نووية', searchType: 'subject', count: 3 }],
  payoutsWaiting: { count: 1, amount: '5.000', oldestAt: '2026-11-30T09:00:00.000Z' },
  oldestOpenDispute: null,
}));
