import type { AdminUser, AdminUserDetail } from '@ustaz/contract';

/** Test data factories for the users pages. */

let nextId = 100;

export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  nextId += 1;
  return {
    id: nextId,
    email: `user${nextId}@example.com`,
    firstName: 'Sara',
    lastName: 'Al-Mutairi',
    roleId: 3,
    status: 'active',
    provider: 'email',
    language: 'ar',
    emailConfirmed: true,
    photoUrl: null,
    teacherProfileId: null,
    approved: null,
    createdAt: '2026-02-01T09:30:00.000Z',
    ...overrides,
  };
}

export function adminUserDetail(
  user: AdminUser,
  overrides: Partial<Omit<AdminUserDetail, 'user'>> = {},
): AdminUserDetail {
  return {
    user,
    wallet: '12.500',
    earnings: '0.000',
    remainingHours: 3,
    activeSessions: 2,
    reservations: 4,
    payments: 5,
    ...overrides,
  };
}
