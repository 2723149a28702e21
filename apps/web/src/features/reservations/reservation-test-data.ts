import type { Reservation, ReservationsResponse } from '@ustaz/contract';
import { factory } from '../../shared/test/factory.ts';
import { reservation as bookedReservation } from '../../shared/test/money-test-data.ts';

/** Test data factories for the reservations page (used by its tests only). */

export const STUDENT_USER_ID = 9;
export const TEACHER_USER_ID = 42;

/** The booked reservation of the money tests, on 14 March 2026 and with a note. */
export const reservation = factory<Reservation>(() =>
  bookedReservation({
    id: 5,
    startTime: '2026-03-14T15:00:00.000Z',
    endTime: '2026-03-14T16:00:00.000Z',
    note: 'أريد مراجعة الفصل الثالث',
    teacher: {
      id: TEACHER_USER_ID,
      firstName: 'Mona',
      lastName: 'Al-Sabah',
      photoUrl: null,
      teacherProfileId: 7,
      timeZone: 'Asia/Kuwait',
    },
    student: { id: STUDENT_USER_ID, firstName: 'Fahad', lastName: 'Al-Ali', photoUrl: null, timeZone: null },
    cancelDeadline: '2026-03-13T15:00:00.000Z',
  }),
);

export function reservationsPage(
  data: Reservation[],
  { page = 1, totalPages = 1, total = data.length }: { page?: number; totalPages?: number; total?: number } = {},
): ReservationsResponse {
  return { data, total, page, limit: 10, totalPages };
}
