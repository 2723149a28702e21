import type { UpdateMeBody, User } from '@ustaz/contract';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import { findFileOwner, findUserById, updateUser } from './auth.repo.ts';
import type { AuthContext } from './auth-context.ts';
import { endOtherSessions, newPasswordHash } from './password-change.ts';
import type { AccessClaims } from './tokens.ts';
import { toUser } from './user.presenter.ts';

/** The photo a `PATCH /auth/me` sets: null removes it, undefined leaves it; only one's own upload. */
async function photoFileIdOf({ db }: AuthContext, userId: number, photo: UpdateMeBody['photo']) {
  if (photo === null) return null;
  if (!photo) return undefined;
  const owner = await findFileOwner(db, photo.id);
  if (owner !== userId) throw new FieldValidationError({ photo: 'notFound' });
  return photo.id;
}

/**
 * Changes names, photo, the browser's time zone and (with the current one) the password; role,
 * e-mail and everything else are not the user's to set here. A new password ends every other session of the user.
 */
export async function updateMe(ctx: AuthContext, auth: AccessClaims, body: UpdateMeBody, ip: string): Promise<User> {
  const { db, onSessionsEnded, onNamesChanged } = ctx;
  const userId = auth.userId;
  const user = await findUserById(db, userId);
  if (user?.status !== 'active') throw new HttpError(401, 'unauthorized', 'Unauthorized');
  if (body.email !== undefined && body.email.toLowerCase() !== user.email.toLowerCase()) {
    throw new FieldValidationError({ email: 'readOnly' });
  }
  const passwordHash = await newPasswordHash(ctx, user, body, ip);
  const photoFileId = await photoFileIdOf(ctx, userId, body.photo);
  const { updated, endedFamilies } = await db.transaction(async (tx) => {
    const row = await updateUser(tx, userId, {
      ...(body.firstName !== undefined ? { firstName: body.firstName } : {}),
      ...(body.lastName !== undefined ? { lastName: body.lastName } : {}),
      ...(photoFileId !== undefined ? { photoFileId } : {}),
      ...(passwordHash !== undefined ? { passwordHash } : {}),
      ...(body.timeZone !== undefined ? { timeZone: body.timeZone } : {}),
      ...(body.firstNameAr !== undefined ? { firstNameAr: body.firstNameAr, lastNameAr: body.lastNameAr } : {}),
      ...(body.firstNameEn !== undefined ? { firstNameEn: body.firstNameEn, lastNameEn: body.lastNameEn } : {}),
    });
    if (!row || passwordHash === undefined) return { updated: row, endedFamilies: [] };
    return { updated: row, endedFamilies: await endOtherSessions(tx, row, auth) };
  });
  if (!updated) throw new HttpError(401, 'unauthorized', 'Unauthorized');
  for (const familyId of endedFamilies) onSessionsEnded?.({ familyId });
  const namesSent = [body.firstName, body.lastName, body.firstNameAr, body.firstNameEn].some((v) => v !== undefined);
  if (onNamesChanged && namesSent) {
    await onNamesChanged(userId);
  }
  return toUser(updated);
}
