import { type Language, SIGN_IN_LINK, type User } from '@ustaz/contract';
import { FieldValidationError } from '../../http/errors.ts';
import { renderMail } from '../../mail/templates.ts';
import {
  clearLoginFailures,
  findAuthToken,
  findUserByEmail,
  findUserById,
  latestAuthTokenAt,
  replaceAuthToken,
  spendAuthToken,
} from './auth.repo.ts';
import type { AuthContext } from './auth-context.ts';
import { deliverSoon, mailedLink } from './auth-mail.ts';
import type { Tokens } from './session-start.ts';
import { randomToken, sha256 } from './tokens.ts';
import { toUser } from './user.presenter.ts';

/*
 * One-time sign-in links (issue 29): past the account-wide sign-in cap a new address must wait,
 * so the owner asks for a link mailed to the account and opens it on that device. Links are the
 * reset links' machinery (`auth_tokens`, kind `sign_in`): stored as SHA-256 only, valid
 * SIGN_IN_LINK.validMinutes, spent by compare-and-swap, and a newer one deletes the older. A
 * sign-in through one starts a session from that address, which makes it an address the owner
 * signed in from: the account-wide cap no longer applies to it.
 */

export const SIGN_IN_LINK_TTL_MS = SIGN_IN_LINK.validMinutes * 60 * 1000;
const SIGN_IN_LINK_RESEND_MS = SIGN_IN_LINK.resendSeconds * 1000;

/**
 * Mails a sign-in link to an active, confirmed account; the same answer for any e-mail. At most
 * one mail per SIGN_IN_LINK.resendSeconds per account (the route limits each address): asked
 * again sooner, nothing is sent and the earlier link keeps working.
 */
export async function requestSignInLink(ctx: AuthContext, email: string, language: Language) {
  const { db } = ctx;
  const user = await findUserByEmail(db, email);
  if (user && user.status === 'active' && user.emailConfirmedAt) {
    const last = await latestAuthTokenAt(db, user.id, 'sign_in');
    if (!last || Date.now() - new Date(last).getTime() >= SIGN_IN_LINK_RESEND_MS) {
      const secret = randomToken();
      const expiresAt = new Date(Date.now() + SIGN_IN_LINK_TTL_MS);
      await db.transaction(async (tx) => {
        await replaceAuthToken(tx, { userId: user.id, kind: 'sign_in', tokenHash: sha256(secret), expiresAt });
        const url = mailedLink(ctx.publicUrl, language, '/sign-in-link', { hash: secret });
        await ctx.mailer.enqueue(tx, { to: user.email, ...renderMail('signIn', language, user.firstName, url) });
      });
      deliverSoon(ctx);
    }
  }
  return { success: true as const };
}

/**
 * Signs in with a mailed link, once: the same answer as a sign-in with the password, and this
 * address's failures on the account are forgotten. 422 `errors.hash` invalidHash (unknown or
 * used), hashExpired, accountSuspended.
 */
export async function verifySignInLink(
  { db, startSession }: AuthContext,
  hash: string,
  ip: string,
): Promise<Tokens & { user: User }> {
  const token = await findAuthToken(db, 'sign_in', sha256(hash));
  if (!token || token.usedAt) throw new FieldValidationError({ hash: 'invalidHash' });
  if (token.expiresAt.getTime() <= Date.now()) throw new FieldValidationError({ hash: 'hashExpired' });
  const user = await db.transaction(async (tx) => {
    const row = await findUserById(tx, token.userId);
    if (row?.status !== 'active') throw new FieldValidationError({ hash: 'accountSuspended' });
    if (!(await spendAuthToken(tx, token.id))) return null;
    await clearLoginFailures(tx, row.email, ip);
    return row;
  });
  if (!user) throw new FieldValidationError({ hash: 'invalidHash' });
  return { ...(await startSession(user, ip)), user: toUser(user) };
}
