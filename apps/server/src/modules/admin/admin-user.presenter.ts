import { type AdminUser, ROLE } from '@ustaz/contract';
import { filePath } from '../auth/user.presenter.ts';
import type { AdminUserRow } from './admin-users.repo.ts';

function roleIdOf(value: number): AdminUser['roleId'] {
  return value === ROLE.admin || value === ROLE.teacher ? value : ROLE.student;
}

/** The one place a user row becomes the admin's view of it. */
export function toAdminUser(row: AdminUserRow): AdminUser {
  const teaches = row.roleId === ROLE.teacher && row.teacherProfileId !== null;
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    roleId: roleIdOf(row.roleId),
    status: row.status,
    provider: row.provider,
    language: row.language,
    emailConfirmed: row.emailConfirmedAt !== null,
    photoUrl: row.photoFileId ? filePath(row.photoFileId) : null,
    teacherProfileId: teaches ? row.teacherProfileId : null,
    approved: teaches ? row.approvedAt !== null : null,
    createdAt: row.createdAt.toISOString(),
  };
}
