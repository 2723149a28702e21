import type { Language, PublicUser, User } from '@ustaz/contract';
import { HttpError } from '../../http/errors.ts';
import { findUserById, findUserForMe } from './auth.repo.ts';
import type { AuthContext } from './auth-context.ts';
import { toPublicUser, toUser } from './user.presenter.ts';

/** The signed-in user's own account (`GET /auth/me`). */
export async function me({ db }: AuthContext, userId: number): Promise<User> {
  const user = await findUserForMe(db, userId);
  if (user?.status !== 'active') throw new HttpError(401, 'unauthorized', 'Unauthorized');
  return toUser(user);
}

/** Another user's public profile; one's own profile in full. */
export async function userProfile(
  { db }: AuthContext,
  viewerId: number,
  id: number,
  language?: Language,
): Promise<User | PublicUser> {
  const user = await findUserById(db, id);
  if (!user || (user.status !== 'active' && viewerId !== id)) throw new HttpError(404, 'notFound', 'User not found');
  return viewerId === id ? toUser(user) : toPublicUser(user, language);
}
