import type { Reservation, ReservationsResponse } from '@ustaz/contract';

/** Test data factories for the reservations page (used by its tests only). */

export const STUDENT_USER_ID = 9;
export const TEACHER_USER_ID = 42;

export function reservation(overrides: Partial<Reservation> = {}): Reservation {
  return {
    id: 5,
    status: 'confirmed',
    startTime: '2026-03-14T15:00:00.000Z',
    endTime: '2026-03-14T16:00:00.000Z',
    price: '12.500',
    hours: 1,
    note: 'أريد مراجعة الفصل الثالث',
    paidWith: 'wallet',
    teacher: { id: TEACHER_USER_ID, firstName: 'Mona', lastName: 'Al-Sabah', photoUrl: null, teacherProfileId: 7 },
    student: { id: STUDENT_USER_ID, firstName: 'Fahad', lastName: 'Al-Ali', photoUrl: null },
    canCancel: true,
    cancelDeadline: '2026-03-13T15:00:00.000Z',
    cancelledAt: null,
    cancelledBy: null,
    paymentId: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function reservationsPage(
  data: Reservation[],
  { page = 1, totalPages = 1, total = data.length }: { page?: number; totalPages?: number; total?: number } = {},
): ReservationsResponse {
  return { data, total, page, limit: 10, totalPages };
}
