import type { Language } from '@ustaz/contract';
import { FieldValidationError } from '../../http/errors.ts';
import { renderMail } from '../../mail/templates.ts';
import {
  clearLoginFailures,
  confirmUserEmail,
  findAuthToken,
  findUserByEmail,
  replaceAuthToken,
  revokeUserSessions,
  spendAuthToken,
  updateUser,
} from './auth.repo.ts';
import type { AuthContext } from './auth-context.ts';
import { deliverSoon, mailedLink } from './auth-mail.ts';
import { hashPassword } from './passwords.ts';
import { randomToken, sha256 } from './tokens.ts';

export const RESET_LINK_TTL_MS = 30 * 60 * 1000;

/** Mails a reset link to an active account; answers the same way whether or not the e-mail has an account. */
export async function forgotPassword(ctx: AuthContext, email: string, language: Language) {
  const user = await findUserByEmail(ctx.db, email);
  if (user && user.status === 'active') {
    const secret = randomToken();
    const expiresAt = new Date(Date.now() + RESET_LINK_TTL_MS);
    await ctx.db.transaction(async (tx) => {
      await replaceAuthToken(tx, { userId: user.id, kind: 'reset', tokenHash: sha256(secret), expiresAt });
      const url = mailedLink(ctx.publicUrl, language, '/password-change', {
        hash: secret,
        expires: String(expiresAt.getTime()),
      });
      await ctx.mailer.enqueue(tx, { to: user.email, ...renderMail('reset', language, user.firstName, url) });
    });
    deliverSoon(ctx);
  }
  return { success: true as const };
}

/** Sets a new password from a reset link, confirms the e-mail and ends every session. */
export async function resetPassword({ db, onSessionsEnded }: AuthContext, hash: string, password: string) {
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
}
