import type { Reservation, ReservationsResponse, User } from '@ustaz/contract';
import type { AuthContextValue } from '../../shared/auth/auth-context.tsx';

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

function user(id: number, roleId: 2 | 3): User {
  return {
    id,
    email: roleId === 2 ? 'teacher@ustaz.example' : 'student@ustaz.example',
    firstName: roleId === 2 ? 'Mona' : 'Fahad',
    lastName: roleId === 2 ? 'Al-Sabah' : 'Al-Ali',
    role: { id: roleId, name: roleId === 2 ? 'teacher' : 'student' },
    photo: null,
    provider: 'email',
    emailConfirmed: true,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

export function signedIn(role: 'student' | 'teacher'): AuthContextValue {
  return {
    user: role === 'teacher' ? user(TEACHER_USER_ID, 2) : user(STUDENT_USER_ID, 3),
    isAuthenticated: true,
    loading: false,
    error: null,
    setUser: () => {},
    storeSession: () => Promise.reject(new Error('not in tests')),
    signIn: () => Promise.reject(new Error('not in tests')),
    logout: async () => {},
    refreshUser: async () => null,
  };
}
