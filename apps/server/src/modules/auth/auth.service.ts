import { randomUUID } from 'node:crypto';
import type { Language, PublicUser, RegisterBody, UpdateMeBody, User } from '@ustaz/contract';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { renderMail } from '../../mail/templates.ts';
import {
  clearLoginFailures,
  confirmUserEmail,
  findAuthToken,
  findFileOwner,
  findSessionByHash,
  findUserByEmail,
  findUserByGoogleSub,
  findUserById,
  insertSession,
  insertUser,
  recentLoginFailures,
  recordLoginFailure,
  replaceAuthToken,
  revokeFamily,
  revokeUserSessions,
  spendAuthToken,
  spendSession,
  updateUser,
} from './auth.repo.ts';
import type { GoogleVerifier } from './google.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { type AccessTokens, REFRESH_FAMILY_TTL_MS, randomToken, sha256 } from './tokens.ts';
import { toPublicUser, toUser } from './user.presenter.ts';

export const CONFIRM_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_LINK_TTL_MS = 30 * 60 * 1000;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_FREE_FAILURES = 5;
export const LOGIN_MAX_DELAY_SECONDS = 60;

type Deps = {
  db: Db;
  tokens: AccessTokens;
  mailer: Mailer;
  google: GoogleVerifier | null;
  publicUrl: Config['publicUrl'];
  registrationEnabled: () => Promise<boolean>;
  /** Called after a user's names change, so what indexes them (teacher search) can follow. */
  onNamesChanged?: (userId: number) => Promise<void>;
  /** A session family (logout) or all of a user's sessions (password reset) ended: close their sockets. */
  onSessionsEnded?: (ended: { familyId: string } | { userId: number }) => void;
};

type Tokens = { token: string; refreshToken: string; tokenExpires: number };

/** Seconds a caller must still wait after `failures` recent failures, the last at `last`. */
export function loginDelaySeconds(failures: number, last: Date | null, now = Date.now()): number {
  if (failures < LOGIN_FREE_FAILURES || !last) return 0;
  const delay = Math.min(LOGIN_MAX_DELAY_SECONDS, 2 ** (failures - LOGIN_FREE_FAILURES + 1));
  const waited = (now - last.getTime()) / 1000;
  return Math.max(0, Math.ceil(delay - waited));
}

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

export function createAuthService({
  db,
  tokens,
  mailer,
  google,
  publicUrl,
  registrationEnabled,
  onNamesChanged,
  onSessionsEnded,
}: Deps) {
  function link(language: Language, path: string, query: Record<string, string>) {
    const url = new URL(`/${language}${path}`, publicUrl);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return url.toString();
  }

  async function startSession(user: UserRow): Promise<Tokens> {
    const refreshToken = randomToken();
    const familyId = randomUUID();
    await insertSession(db, {
      userId: user.id,
      familyId,
      tokenHash: sha256(refreshToken),
      expiresAt: new Date(Date.now() + REFRESH_FAMILY_TTL_MS),
    });
    const access = await tokens.sign({ userId: user.id, roleId: user.roleId, sessionFamily: familyId });
    return { token: access.token, refreshToken, tokenExpires: access.expiresAt };
  }

  async function sendConfirmation(executor: Executor, user: UserRow, language: Language) {
    const secret = randomToken();
    await replaceAuthToken(executor, {
      userId: user.id,
      kind: 'confirm',
      tokenHash: sha256(secret),
      expiresAt: new Date(Date.now() + CONFIRM_LINK_TTL_MS),
    });
    const mail = renderMail('confirm', language, user.firstName, link(language, '/confirm-email', { hash: secret }));
    await mailer.enqueue(executor, { to: user.email, ...mail });
  }

  function deliverSoon() {
    void mailer.flush().catch(() => {});
  }

  return {
    async register(body: RegisterBody, language: Language) {
      if (!(await registrationEnabled())) throw new HttpError(403, 'registrationDisabled', 'Registration is closed');
      if (await findUserByEmail(db, body.email)) throw new FieldValidationError({ email: 'emailAlreadyExists' });
      const passwordHash = await hashPassword(body.password);
      try {
        await db.transaction(async (tx) => {
          const user = await insertUser(tx, {
            email: body.email,
            passwordHash,
            firstName: body.firstName,
            lastName: body.lastName,
            roleId: 3,
            provider: 'email',
            language,
          });
          await sendConfirmation(tx, user, language);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new FieldValidationError({ email: 'emailAlreadyExists' });
        throw error;
      }
      deliverSoon();
      return { success: true as const, message: 'Registration successful. Check your e-mail to confirm your account.' };
    },

    async login(email: string, password: string, ip: string, language: Language): Promise<Tokens & { user: User }> {
      const { failures, last } = await recentLoginFailures(db, email, LOGIN_FAILURE_WINDOW_MS);
      const wait = loginDelaySeconds(failures, last);
      if (wait > 0)
        throw new HttpError(429, 'tooManyRequests', `Too many failed attempts. Try again in ${wait} s.`, wait);

      const user = await findUserByEmail(db, email);
      if (!user) {
        await recordLoginFailure(db, email, ip);
        throw new FieldValidationError({ email: 'notFound' });
      }
      if (!user.passwordHash || !(await verifyPassword(user.passwordHash, password))) {
        await recordLoginFailure(db, email, ip);
        throw new FieldValidationError({ password: 'incorrectPassword' });
      }
      if (user.status === 'suspended') throw new FieldValidationError({ email: 'accountSuspended' });
      if (!user.emailConfirmedAt) {
        // The password was right: send a fresh confirmation link so the user is not stuck.
        await db.transaction((tx) => sendConfirmation(tx, user, language));
        deliverSoon();
        throw new FieldValidationError({ email: 'emailNotConfirmed' });
      }
      await clearLoginFailures(db, email);
      return { ...(await startSession(user)), user: toUser(user) };
    },

    async googleLogin(idToken: string, language: Language): Promise<Tokens & { user: User }> {
      if (!google) throw new HttpError(404, 'googleSignInDisabled', 'Google sign-in is not configured');
      const identity = await google(idToken);
      if (!identity) throw new HttpError(401, 'invalidGoogleToken', 'The Google sign-in could not be verified');
      let user = await findUserByGoogleSub(db, identity.sub);
      if (!user) {
        // An address Google has not verified proves nothing: it neither claims nor opens an account.
        if (!identity.emailVerified)
          throw new HttpError(401, 'invalidGoogleToken', 'The Google e-mail is not verified');
        const byEmail = await findUserByEmail(db, identity.email);
        if (byEmail) {
          // The account is keyed by its Google subject: another Google account does not take it over.
          if (byEmail.googleSub && byEmail.googleSub !== identity.sub) {
            throw new HttpError(409, 'conflict', 'This e-mail is linked to another Google account');
          }
          user = await updateUser(db, byEmail.id, {
            googleSub: identity.sub,
            emailConfirmedAt: byEmail.emailConfirmedAt ?? new Date(),
            // A password on a never-confirmed account was set by whoever typed the address, not
            // necessarily its owner (pre-account hijacking): it must not open the owner's account.
            ...(byEmail.emailConfirmedAt ? {} : { passwordHash: null }),
          });
        } else {
          const [first, ...rest] = (identity.name ?? identity.email.split('@')[0] ?? '').split(' ');
          try {
            user = await insertUser(db, {
              email: identity.email.toLowerCase(),
              firstName: (identity.givenName ?? first ?? '').slice(0, 60) || 'Ustaz',
              lastName: (identity.familyName ?? rest.join(' ')).slice(0, 60) || '-',
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
      }
      if (!user) throw new HttpError(401, 'unauthorized', 'Unauthorized');
      if (user.status === 'suspended') throw new FieldValidationError({ email: 'accountSuspended' });
      return { ...(await startSession(user)), user: toUser(user) };
    },

    /** Rotates a refresh token. A spent or revoked token presented again revokes its whole family. */
    async refresh(refreshToken: string): Promise<Tokens> {
      const session = await findSessionByHash(db, sha256(refreshToken));
      if (!session) throw new HttpError(401, 'unauthorized', 'Invalid refresh token');
      if (session.usedAt || session.revokedAt) {
        await revokeFamily(db, session.familyId);
        throw new HttpError(401, 'refreshTokenReused', 'Refresh token already used');
      }
      if (session.expiresAt.getTime() <= Date.now()) throw new HttpError(401, 'unauthorized', 'Session expired');
      const user = await findUserById(db, session.userId);
      if (user?.status !== 'active') throw new HttpError(401, 'unauthorized', 'Unauthorized');
      const next = randomToken();
      const rotated = await db.transaction(async (tx) => {
        if (!(await spendSession(tx, session.id))) return false;
        await insertSession(tx, {
          userId: user.id,
          familyId: session.familyId,
          tokenHash: sha256(next),
          expiresAt: session.expiresAt,
        });
        return true;
      });
      if (!rotated) {
        await revokeFamily(db, session.familyId);
        throw new HttpError(401, 'refreshTokenReused', 'Refresh token already used');
      }
      const access = await tokens.sign({ userId: user.id, roleId: user.roleId, sessionFamily: session.familyId });
      return { token: access.token, refreshToken: next, tokenExpires: access.expiresAt };
    },

    async logout(refreshToken: string) {
      const session = await findSessionByHash(db, sha256(refreshToken));
      if (session) {
        await revokeFamily(db, session.familyId);
        onSessionsEnded?.({ familyId: session.familyId });
      }
      return { success: true as const };
    },

    /** Answers the same way whether or not the e-mail has an account. */
    async forgotPassword(email: string, language: Language) {
      const user = await findUserByEmail(db, email);
      if (user && user.status === 'active') {
        const secret = randomToken();
        const expiresAt = new Date(Date.now() + RESET_LINK_TTL_MS);
        await db.transaction(async (tx) => {
          await replaceAuthToken(tx, { userId: user.id, kind: 'reset', tokenHash: sha256(secret), expiresAt });
          const url = link(language, '/password-change', { hash: secret, expires: String(expiresAt.getTime()) });
          await mailer.enqueue(tx, { to: user.email, ...renderMail('reset', language, user.firstName, url) });
        });
        deliverSoon();
      }
      return { success: true as const };
    },

    /** Sets a new password from a reset link, confirms the e-mail and ends every session. */
    async resetPassword(hash: string, password: string) {
      const token = await findAuthToken(db, 'reset', sha256(hash));
      if (!token || token.usedAt) throw new FieldValidationError({ hash: 'invalidHash' });
      if (token.expiresAt.getTime() <= Date.now()) throw new FieldValidationError({ hash: 'hashExpired' });
      const passwordHash = await hashPassword(password);
      const done = await db.transaction(async (tx) => {
        if (!(await spendAuthToken(tx, token.id))) return false;
        const user = await updateUser(tx, token.userId, { passwordHash });
        if (!user) return false;
        await confirmUserEmail(tx, user.id);
        await revokeUserSessions(tx, user.id);
        await clearLoginFailures(tx, user.email);
        return true;
      });
      if (!done) throw new FieldValidationError({ hash: 'invalidHash' });
      onSessionsEnded?.({ userId: token.userId });
      return { success: true as const };
    },

    async confirmEmail(hash: string) {
      const token = await findAuthToken(db, 'confirm', sha256(hash));
      if (!token || token.usedAt) throw new FieldValidationError({ hash: 'invalidHash' });
      if (token.expiresAt.getTime() <= Date.now()) throw new FieldValidationError({ hash: 'hashExpired' });
      const done = await db.transaction(async (tx) => {
        if (!(await spendAuthToken(tx, token.id))) return false;
        await confirmUserEmail(tx, token.userId);
        return true;
      });
      if (!done) throw new FieldValidationError({ hash: 'invalidHash' });
      return { success: true as const };
    },

    async me(userId: number): Promise<User> {
      const user = await findUserById(db, userId);
      if (user?.status !== 'active') throw new HttpError(401, 'unauthorized', 'Unauthorized');
      return toUser(user);
    },

    /** Changes names and photo only; role, e-mail and everything else are not the user's to set here. */
    async updateMe(userId: number, body: UpdateMeBody): Promise<User> {
      const user = await findUserById(db, userId);
      if (user?.status !== 'active') throw new HttpError(401, 'unauthorized', 'Unauthorized');
      if (body.email !== undefined && body.email.toLowerCase() !== user.email.toLowerCase()) {
        throw new FieldValidationError({ email: 'readOnly' });
      }
      let photoFileId: string | null | undefined;
      if (body.photo === null) photoFileId = null;
      else if (body.photo) {
        const owner = await findFileOwner(db, body.photo.id);
        if (owner !== userId) throw new FieldValidationError({ photo: 'notFound' });
        photoFileId = body.photo.id;
      }
      const updated = await updateUser(db, userId, {
        ...(body.firstName !== undefined ? { firstName: body.firstName } : {}),
        ...(body.lastName !== undefined ? { lastName: body.lastName } : {}),
        ...(photoFileId !== undefined ? { photoFileId } : {}),
      });
      if (!updated) throw new HttpError(401, 'unauthorized', 'Unauthorized');
      if (onNamesChanged && (body.firstName !== undefined || body.lastName !== undefined)) {
        await onNamesChanged(userId);
      }
      return toUser(updated);
    },

    /**
     * Mails a fresh confirmation link to an e-mail account that is not confirmed yet (admin);
     * `alsoInTransaction` runs in the same transaction (the audit row). 404 unknown user, 409 for a
     * Google account or a confirmed e-mail.
     */
    async resendConfirmation(userId: number, alsoInTransaction?: (tx: Executor) => Promise<void>) {
      const user = await findUserById(db, userId);
      if (!user) throw new HttpError(404, 'notFound', 'User not found');
      if (user.provider !== 'email' || user.emailConfirmedAt) {
        throw new HttpError(409, 'conflict', 'The e-mail is already confirmed');
      }
      await db.transaction(async (tx) => {
        await sendConfirmation(tx, user, user.language);
        await alsoInTransaction?.(tx);
      });
      deliverSoon();
      return { success: true as const };
    },

    /**
     * Ends every refresh session of a user inside the caller's transaction (suspension): no
     * refresh works afterwards. The caller closes the user's sockets once it has committed.
     */
    revokeAllSessions: (executor: Executor, userId: number) => revokeUserSessions(executor, userId),

    /** After the commit that ended them: refuse their access tokens and close their sockets. */
    sessionsEnded(ended: { familyId: string } | { userId: number }) {
      onSessionsEnded?.(ended);
    },

    /** Another user's public profile; one's own profile in full. */
    async userProfile(viewerId: number, id: number): Promise<User | PublicUser> {
      const user = await findUserById(db, id);
      if (!user || (user.status !== 'active' && viewerId !== id))
        throw new HttpError(404, 'notFound', 'User not found');
      return viewerId === id ? toUser(user) : toPublicUser(user);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
