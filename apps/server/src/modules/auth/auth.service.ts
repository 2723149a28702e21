import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  type DeleteMeBody,
  type Language,
  type PublicUser,
  type RegisterBody,
  type UpdateMeBody,
  type User,
  withoutInvisibleControls,
} from '@ustaz/contract';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import { FieldValidationError, HttpError } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { renderMail } from '../../mail/templates.ts';
import {
  addAuthToken,
  anonymiseUser,
  clearLoginFailures,
  confirmUserEmail,
  deleteUserFiles,
  findAuthToken,
  findFileOwner,
  findSessionByHash,
  findUserByEmail,
  findUserByGoogleSub,
  findUserById,
  findUserForMe,
  forgetAddress,
  hasUpcomingReservations,
  insertSession,
  insertUser,
  latestAuthTokenAt,
  lockUser,
  recentLoginFailures,
  recordLoginFailure,
  replaceAuthToken,
  revokeFamily,
  revokeOtherSessions,
  revokeUserSessions,
  signedInFromRecently,
  spendAuthToken,
  spendSession,
  updateUser,
} from './auth.repo.ts';
import { confirmEmail } from './email-confirmation.service.ts';
import type { GoogleVerifier } from './google.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { createSessionStarter, mailedLink, type Tokens } from './session-start.ts';
import { createSignInLinks } from './sign-in-link.service.ts';
import { type AccessClaims, type AccessTokens, REFRESH_GRACE_MS, randomToken, sha256 } from './tokens.ts';
import { toPublicUser, toUser } from './user.presenter.ts';

export const CONFIRM_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_LINK_TTL_MS = 30 * 60 * 1000;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_FREE_FAILURES = 5;
export const LOGIN_MAX_DELAY_SECONDS = 60;
/**
 * A looser cap per account over every address together: past it, only an address the owner
 * signed in from within `KNOWN_ADDRESS_MS` skips the account-wide delay.
 */
export const LOGIN_ACCOUNT_FREE_FAILURES = 50;
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;
/** A confirmation mail asked for again this soon is not sent again (the earlier link still works). */
export const CONFIRM_RESEND_COOLDOWN_MS = 60 * 1000;

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
  /** Where uploaded files live (a deleted account's uploads are removed from there). */
  uploadsDir?: string;
};

/** Seconds a caller must still wait after `failures` recent failures, the last at `last`. */
export function loginDelaySeconds(
  failures: number,
  last: Date | null,
  now = Date.now(),
  freeFailures = LOGIN_FREE_FAILURES,
): number {
  if (failures < freeFailures || !last) return 0;
  const delay = Math.min(LOGIN_MAX_DELAY_SECONDS, 2 ** (failures - freeFailures + 1));
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
  uploadsDir,
}: Deps) {
  const link = (language: Language, path: string, query: Record<string, string>) =>
    mailedLink(publicUrl, language, path, query);
  const startSession = createSessionStarter(db, tokens);

  async function sendConfirmation(executor: Executor, user: UserRow, language: Language) {
    const secret = randomToken();
    await addAuthToken(executor, {
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

  /**
   * Seconds this address must wait before trying this account again: the growing delay after 5
   * failures of this account from this address, and the looser account-wide one (every address
   * together), which an address the owner signed in from recently does not wait for. `accountWide`:
   * the wait is the account-wide one (a mailed sign-in link gets in without it).
   */
  async function loginWait(
    email: string,
    ip: string,
    user: UserRow | undefined,
  ): Promise<{ wait: number; accountWide: boolean }> {
    const recent = await recentLoginFailures(db, email, ip, LOGIN_FAILURE_WINDOW_MS);
    const fromAddress = loginDelaySeconds(recent.fromAddress, recent.lastFromAddress);
    if (fromAddress > 0) return { wait: fromAddress, accountWide: false };
    const accountWide = loginDelaySeconds(recent.all, recent.last, Date.now(), LOGIN_ACCOUNT_FREE_FAILURES);
    if (accountWide === 0) return { wait: 0, accountWide: false };
    if (user && (await signedInFromRecently(db, user.id, ip, KNOWN_ADDRESS_MS))) return { wait: 0, accountWide: false };
    return { wait: accountWide, accountWide: true };
  }

  /** 429 with Retry-After; past the account-wide cap its code `accountThrottled` lets the client offer a sign-in link. */
  function tooManyAttempts({ wait, accountWide }: { wait: number; accountWide: boolean }): HttpError {
    const message = `Too many failed attempts. Try again in ${wait} s.`;
    return accountWide
      ? new HttpError(429, 'accountThrottled', `${message} Or ask for a sign-in link by e-mail.`, wait)
      : new HttpError(429, 'tooManyRequests', message, wait);
  }

  /**
   * A signed-in user's current password, checked as a sign-in checks it (so guessing it with a
   * stolen access token is throttled the same way): a wrong one counts as a failed attempt and is
   * reported on `field`.
   */
  async function confirmPassword(user: UserRow, password: string, ip: string, field: 'oldPassword' | 'password') {
    const wait = await loginWait(user.email, ip, user);
    if (wait.wait > 0) throw tooManyAttempts({ ...wait, accountWide: false });
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, password))) {
      await recordLoginFailure(db, user.email, ip);
      throw new FieldValidationError({ [field]: 'incorrectPassword' });
    }
  }

  /** A spent token presented again: within the grace window, the pair it was exchanged for; else the family ends. */
  async function replayOrRevoke(
    session: NonNullable<Awaited<ReturnType<typeof findSessionByHash>>>,
    refreshToken: string,
  ): Promise<Tokens> {
    const usedAt = session.usedAt?.getTime();
    if (usedAt !== undefined && !session.revokedAt && Date.now() - usedAt <= REFRESH_GRACE_MS) {
      const next = tokens.successorOf(refreshToken);
      const successor = await findSessionByHash(db, sha256(next));
      const user = successor ? await findUserById(db, successor.userId) : undefined;
      if (
        successor &&
        successor.familyId === session.familyId &&
        !successor.usedAt &&
        !successor.revokedAt &&
        successor.expiresAt.getTime() > Date.now() &&
        user?.status === 'active'
      ) {
        // Signed at the same instant as the first answer: the very same access token.
        const access = await tokens.sign(
          { userId: user.id, roleId: user.roleId, sessionFamily: session.familyId },
          usedAt,
        );
        return { token: access.token, refreshToken: next, tokenExpires: access.expiresAt };
      }
    }
    await revokeFamily(db, session.familyId);
    onSessionsEnded?.({ familyId: session.familyId });
    throw new HttpError(401, 'refreshTokenReused', 'Refresh token already used');
  }

  return {
    // POST /auth/sign-in-link and /verify: the way in past the account-wide cap (sign-in-link.service.ts).
    ...createSignInLinks({ db, mailer, publicUrl, startSession }),

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
      const user = await findUserByEmail(db, email);
      const wait = await loginWait(email, ip, user);
      if (wait.wait > 0) throw tooManyAttempts(wait);
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
      await clearLoginFailures(db, email, ip);
      return { ...(await startSession(user, ip)), user: toUser(user) };
    },

    async googleLogin(idToken: string, language: Language, ip?: string): Promise<Tokens & { user: User }> {
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
          // A Google name is not typed here: its bidi controls and zero-width characters are dropped (issue 29).
          const visible = (name: string) => withoutInvisibleControls(name).trim().slice(0, 60);
          try {
            user = await insertUser(db, {
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
      }
      if (!user) throw new HttpError(401, 'unauthorized', 'Unauthorized');
      if (user.status === 'suspended') throw new FieldValidationError({ email: 'accountSuspended' });
      return { ...(await startSession(user, ip)), user: toUser(user) };
    },

    /**
     * Rotates a refresh token. The same token presented again within `REFRESH_GRACE_MS` of its
     * rotation (a second tab) gets the same new pair; later, or once revoked, it revokes its
     * whole family.
     */
    async refresh(refreshToken: string): Promise<Tokens> {
      const session = await findSessionByHash(db, sha256(refreshToken));
      if (!session) throw new HttpError(401, 'unauthorized', 'Invalid refresh token');
      if (session.usedAt || session.revokedAt) return replayOrRevoke(session, refreshToken);
      if (session.expiresAt.getTime() <= Date.now()) throw new HttpError(401, 'unauthorized', 'Session expired');
      const user = await findUserById(db, session.userId);
      if (user?.status !== 'active') throw new HttpError(401, 'unauthorized', 'Unauthorized');
      const next = tokens.successorOf(refreshToken);
      const issuedAt = Date.now();
      const rotated = await db.transaction(async (tx) => {
        if (!(await spendSession(tx, session.id, new Date(issuedAt)))) return false;
        await insertSession(tx, {
          userId: user.id,
          familyId: session.familyId,
          tokenHash: sha256(next),
          expiresAt: session.expiresAt,
        });
        return true;
      });
      if (!rotated) {
        // A concurrent use of the same token won the rotation: answer with its pair (or revoke).
        const spent = await findSessionByHash(db, sha256(refreshToken));
        if (!spent) throw new HttpError(401, 'unauthorized', 'Invalid refresh token');
        return replayOrRevoke(spent, refreshToken);
      }
      const access = await tokens.sign(
        { userId: user.id, roleId: user.roleId, sessionFamily: session.familyId },
        issuedAt,
      );
      return { token: access.token, refreshToken: next, tokenExpires: access.expiresAt };
    },

    /**
     * Ends the session of the bearer: an access token ends the session it belongs to, a refresh
     * token its family. 401 when that ends nothing (unknown token, session already over).
     */
    async logout(bearer: string) {
      const claims = await tokens.verify(bearer);
      let ended: { familyId: string; count: number } | null = null;
      if (claims) {
        ended = { familyId: claims.sessionFamily, count: await revokeFamily(db, claims.sessionFamily, claims.userId) };
      } else {
        const session = await findSessionByHash(db, sha256(bearer));
        if (session) ended = { familyId: session.familyId, count: await revokeFamily(db, session.familyId) };
      }
      if (!ended || ended.count === 0) throw new HttpError(401, 'unauthorized', 'No live session to end');
      onSessionsEnded?.({ familyId: ended.familyId });
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

    confirmEmail: (hash: string) => confirmEmail(db, hash),

    async me(userId: number): Promise<User> {
      const user = await findUserForMe(db, userId);
      if (user?.status !== 'active') throw new HttpError(401, 'unauthorized', 'Unauthorized');
      return toUser(user);
    },

    /**
     * Changes names, photo, the browser's time zone and (with the current one) the password; role,
     * e-mail and everything else are not the user's to set here. A new password ends every other session of the user.
     */
    async updateMe(auth: AccessClaims, body: UpdateMeBody, ip: string): Promise<User> {
      const userId = auth.userId;
      const user = await findUserById(db, userId);
      if (user?.status !== 'active') throw new HttpError(401, 'unauthorized', 'Unauthorized');
      if (body.email !== undefined && body.email.toLowerCase() !== user.email.toLowerCase()) {
        throw new FieldValidationError({ email: 'readOnly' });
      }
      let passwordHash: string | undefined;
      if (body.oldPassword !== undefined && body.password === undefined) {
        throw new FieldValidationError({ password: 'required' });
      }
      if (body.password !== undefined) {
        if (body.oldPassword === undefined) throw new FieldValidationError({ oldPassword: 'required' });
        await confirmPassword(user, body.oldPassword, ip, 'oldPassword');
        passwordHash = await hashPassword(body.password);
      }
      let photoFileId: string | null | undefined;
      if (body.photo === null) photoFileId = null;
      else if (body.photo) {
        const owner = await findFileOwner(db, body.photo.id);
        if (owner !== userId) throw new FieldValidationError({ photo: 'notFound' });
        photoFileId = body.photo.id;
      }
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
        await clearLoginFailures(tx, row.email);
        return { updated: row, endedFamilies: await revokeOtherSessions(tx, userId, auth.sessionFamily) };
      });
      if (!updated) throw new HttpError(401, 'unauthorized', 'Unauthorized');
      for (const familyId of endedFamilies) onSessionsEnded?.({ familyId });
      const namesSent = [body.firstName, body.lastName, body.firstNameAr, body.firstNameEn].some(
        (v) => v !== undefined,
      );
      if (onNamesChanged && namesSent) {
        await onNamesChanged(userId);
      }
      return toUser(updated);
    },

    /**
     * Deletes the caller's account (`DELETE /auth/me`): refused with 409 while they have upcoming
     * reservations as student or teacher; otherwise, in one transaction, every session ends, the
     * personal data is anonymised, the teacher profile is unlisted and the uploads' rows go (their
     * files are removed from disk after the commit). Ledger entries stay as they are.
     */
    async deleteMe(auth: AccessClaims, body: DeleteMeBody, ip: string) {
      const user = await findUserById(db, auth.userId);
      if (user?.status !== 'active') throw new HttpError(401, 'unauthorized', 'Unauthorized');
      // An e-mail account confirms with its password (one without a hash must set one first, by
      // a reset); a Google-only account has none to give.
      if (user.provider === 'email' || user.passwordHash) {
        if (body.password === undefined) throw new FieldValidationError({ password: 'required' });
        await confirmPassword(user, body.password, ip, 'password');
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
    },

    /**
     * Mails a new confirmation link to an e-mail that has an unconfirmed account (the expired-link
     * page). Answers the same for any e-mail; at most one mail a minute per account, and earlier
     * unexpired links keep working.
     */
    async resendConfirmationTo(email: string) {
      const user = await findUserByEmail(db, email);
      if (user && user.status === 'active' && user.provider === 'email' && !user.emailConfirmedAt) {
        const last = await latestAuthTokenAt(db, user.id, 'confirm');
        if (!last || Date.now() - new Date(last).getTime() >= CONFIRM_RESEND_COOLDOWN_MS) {
          await db.transaction((tx) => sendConfirmation(tx, user, user.language));
          deliverSoon();
        }
      }
      return { success: true as const };
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
    async userProfile(viewerId: number, id: number, language?: Language): Promise<User | PublicUser> {
      const user = await findUserById(db, id);
      if (!user || (user.status !== 'active' && viewerId !== id))
        throw new HttpError(404, 'notFound', 'User not found');
      return viewerId === id ? toUser(user) : toPublicUser(user, language);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
