import type { UpdateMeBody } from '@ustaz/contract';
import type { Executor } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import { FieldValidationError } from '../../http/errors.ts';
import { clearLoginFailures, revokeOtherSessions } from './auth.repo.ts';
import type { AuthContext } from './auth-context.ts';
import { confirmPassword } from './login-throttle.ts';
import { hashPassword } from './passwords.ts';
import type { AccessClaims } from './tokens.ts';

/**
 * The new password's hash when `PATCH /auth/me` changes it, else undefined: both fields or
 * neither, and the current password checked as a sign-in checks it.
 */
export async function newPasswordHash(
  { db }: AuthContext,
  user: UserRow,
  body: Pick<UpdateMeBody, 'oldPassword' | 'password'>,
  ip: string,
): Promise<string | undefined> {
  if (body.oldPassword !== undefined && body.password === undefined) {
    throw new FieldValidationError({ password: 'required' });
  }
  if (body.password === undefined) return undefined;
  if (body.oldPassword === undefined) throw new FieldValidationError({ oldPassword: 'required' });
  await confirmPassword(db, user, body.oldPassword, ip, 'oldPassword');
  return hashPassword(body.password);
}

/**
 * In the transaction that stored a new password: the failed attempts on the account are
 * forgotten and every other session of the user ends (this one stays). Returns the ended families.
 */
export async function endOtherSessions(tx: Executor, user: UserRow, auth: AccessClaims): Promise<string[]> {
  await clearLoginFailures(tx, user.email);
  return revokeOtherSessions(tx, auth.userId, auth.sessionFamily);
}
