import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { DeleteMeBody } from '@ustaz/contract';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import {
  anonymiseUser,
  deleteUserFiles,
  findUserById,
  forgetAddress,
  hasUpcomingReservations,
  lockUser,
  revokeUserSessions,
} from './auth.repo.ts';
import type { AuthContext } from './auth-context.ts';
import { confirmPassword } from './login-throttle.ts';
import type { AccessClaims } from './tokens.ts';

/**
 * Deletes the caller's account (`DELETE /auth/me`): refused with 409 while they have upcoming
 * reservations as student or teacher; otherwise, in one transaction, every session ends, the
 * personal data is anonymised, the teacher profile is unlisted and the uploads' rows go (their
 * files are removed from disk after the commit). Ledger entries stay as they are.
 */
export async function deleteMe(ctx: AuthContext, auth: AccessClaims, body: DeleteMeBody, ip: string) {
  const { db, onSessionsEnded, onNamesChanged, uploadsDir } = ctx;
  const user = await findUserById(db, auth.userId);
  if (user?.status !== 'active') throw new HttpError(401, 'unauthorized', 'Unauthorized');
  // An e-mail account confirms with its password (one without a hash must set one first, by
  // a reset); a Google-only account has none to give.
  if (user.provider === 'email' || user.passwordHash) {
    if (body.password === undefined) throw new FieldValidationError({ password: 'required' });
    await confirmPassword(db, user, body.password, ip, 'password');
  }
  const storageKeys = await db.transaction(async (tx) => {
    const locked = await lockUser(tx, user.id);
    if (locked?.status !== 'active') throw new HttpError(401, 'unauthorized', 'Unauthorized');
    if (await hasUpcomingReservations(tx, user.id)) {
      throw new HttpError(409, 'hasUpcomingReservations', 'Cancel or finish your upcoming lessons first');
    }
    const keys = await deleteUserFiles(tx, user.id);
    await revokeUserSessions(tx, user.id);
    await anonymiseUser(tx, user.id, `deleted-${user.id}-${randomBytes(6).toString('hex')}@deleted.invalid`);
    await forgetAddress(tx, locked.email);
    return keys;
  });
  onSessionsEnded?.({ userId: user.id });
  if (onNamesChanged) await onNamesChanged(user.id);
  if (uploadsDir) {
    await Promise.all(
      storageKeys.map((key) => rm(path.join(uploadsDir, path.basename(key)), { force: true }).catch(() => {})),
    );
  }
  return { success: true as const };
}
