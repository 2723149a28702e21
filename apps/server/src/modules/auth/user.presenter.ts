import { type Language, type PublicUser, ROLE, type User } from '@ustaz/contract';
import type { UserRow } from '../../db/schema.ts';
import { type NameSpellings, nameIn } from '../../http/language.ts';

const ROLE_NAMES = { [ROLE.admin]: 'admin', [ROLE.teacher]: 'teacher', [ROLE.student]: 'student' } as const;

/** The columns a user body is made of (`findUserForMe` reads just these). */
export type UserBodyRow = Pick<
  UserRow,
  | 'id'
  | 'email'
  | keyof NameSpellings
  | 'roleId'
  | 'photoFileId'
  | 'provider'
  | 'emailConfirmedAt'
  | 'createdAt'
  | 'timeZone'
>;

function roleOf(row: Pick<UserRow, 'roleId'>): User['role'] {
  const id = row.roleId === ROLE.admin || row.roleId === ROLE.teacher ? row.roleId : ROLE.student;
  return { id, name: ROLE_NAMES[id] };
}

export function filePath(fileId: string): string {
  return `/api/v1/files/${fileId}`;
}

/** The one place a user row becomes an API body. */
export function toUser(row: UserBodyRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: roleOf(row),
    photo: row.photoFileId ? { id: row.photoFileId, path: filePath(row.photoFileId) } : null,
    provider: row.provider,
    emailConfirmed: row.emailConfirmedAt !== null,
    createdAt: row.createdAt.toISOString(),
    timeZone: row.timeZone,
    firstNameAr: row.firstNameAr,
    lastNameAr: row.lastNameAr,
    firstNameEn: row.firstNameEn,
    lastNameEn: row.lastNameEn,
  };
}

/** Another user as others see them: the name in `language` where they spelled it for it (ADR 020). */
export function toPublicUser(row: UserRow, language?: Language): PublicUser {
  const { id, firstName, lastName, role, photo } = toUser(row);
  return { id, ...(language ? nameIn(language, row) : { firstName, lastName }), role, photo };
}
