import { type Language, type User, withoutInvisibleControls } from '@ustaz/contract';
import { isUniqueViolation } from '../../db/errors.ts';
import type { UserRow } from '../../db/schema.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import { findUserByEmail, findUserByGoogleSub, insertUser, updateUser } from './auth.repo.ts';
import type { AuthContext } from './auth-context.ts';
import type { GoogleIdentity } from './google.ts';
import type { Tokens } from './session-start.ts';
import { toUser } from './user.presenter.ts';

/** Signs in with a Google ID token: its account, else the account of its verified e-mail, else a new one. */
export async function googleLogin(
  ctx: AuthContext,
  idToken: string,
  language: Language,
  ip?: string,
): Promise<Tokens & { user: User }> {
  const { db, google } = ctx;
  if (!google) throw new HttpError(404, 'googleSignInDisabled', 'Google sign-in is not configured');
  const identity = await google(idToken);
  if (!identity) throw new HttpError(401, 'invalidGoogleToken', 'The Google sign-in could not be verified');
  const user = (await findUserByGoogleSub(db, identity.sub)) ?? (await claimOrOpen(ctx, identity, language));
  if (!user) throw new HttpError(401, 'unauthorized', 'Unauthorized');
  if (user.status === 'suspended') throw new FieldValidationError({ email: 'accountSuspended' });
  return { ...(await ctx.startSession(user, ip)), user: toUser(user) };
}

/** A Google subject seen for the first time: it links the account of its e-mail, or opens one. */
async function claimOrOpen(
  { db }: AuthContext,
  identity: GoogleIdentity,
  language: Language,
): Promise<UserRow | undefined> {
  // An address Google has not verified proves nothing: it neither claims nor opens an account.
  if (!identity.emailVerified) throw new HttpError(401, 'invalidGoogleToken', 'The Google e-mail is not verified');
  const byEmail = await findUserByEmail(db, identity.email);
  if (byEmail) {
    // The account is keyed by its Google subject: another Google account does not take it over.
    if (byEmail.googleSub && byEmail.googleSub !== identity.sub) {
      throw new HttpError(409, 'conflict', 'This e-mail is linked to another Google account');
    }
    return updateUser(db, byEmail.id, {
      googleSub: identity.sub,
      emailConfirmedAt: byEmail.emailConfirmedAt ?? new Date(),
      // A password on a never-confirmed account was set by whoever typed the address, not
      // necessarily its owner (pre-account hijacking): it must not open the owner's account.
      ...(byEmail.emailConfirmedAt ? {} : { passwordHash: null }),
    });
  }
  const [first, ...rest] = (identity.name ?? identity.email.split('@')[0] ?? '').split(' ');
  // A Google name is not typed here: its bidi controls and zero-width characters are dropped (issue 29).
  const visible = (name: string) => withoutInvisibleControls(name).trim().slice(0, 60);
  try {
    return await insertUser(db, {
      email: identity.email.toLowerCase(),
      firstName: visible(identity.givenName ?? first ?? '') || 'Ustaz',
      lastName: visible(identity.familyName ?? rest.join(' ')) || '-',
      roleId: 3,
      provider: 'google',
      googleSub: identity.sub,
      emailConfirmedAt: new Date(),
      language,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, 'conflict', 'The account was created meanwhile');
    throw error;
  }
}
